#!/usr/bin/env python3
"""A test-only remote execution worker for Scripts/test-bazel.py (run with BuildGrid's venv Python).

BuildGrid 0.4.4 ships no worker, and the buildbox workers are neither on PyPI nor in Debian. This
one speaks the Remote Workers API with the protobuf modules inside BuildGrid: it opens a bot
session (Bots.CreateBotSession), polls UpdateBotSession with a short deadline, and for each lease
fetches the Action, its Command and input root from the CAS (ByteStream.Read), lays the inputs
out in a fresh directory, runs the command there with exactly its environment, uploads the
declared output files, stdout and stderr (ByteStream.Write), and completes the lease with an
ActionResult. One lease at a time; no sandbox (the test's actions are hermetic already); output
directories (tree artifacts) are refused, as lhc's rules declare files only.

    rex_worker.py --server 127.0.0.1:PORT --instance main --work-dir DIR

Logs one line per lease on standard error; stops on SIGTERM or SIGINT.
"""

import argparse
import hashlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import uuid

import grpc
from buildgrid._protos.build.bazel.remote.execution.v2 import remote_execution_pb2 as rex
from buildgrid._protos.google.bytestream import bytestream_pb2, bytestream_pb2_grpc
from buildgrid._protos.google.devtools.remoteworkers.v1test2 import bots_pb2, bots_pb2_grpc
from buildgrid._protos.google.rpc import code_pb2

CHUNK = 1 << 20
# UpdateBotSession deadline: BuildGrid waits 80 % of it for work and assigns none below 3 s.
POLL_SECONDS = 5.0


class CAS:
    """Blobs of one instance through the ByteStream API."""

    def __init__(self, channel, instance):
        self.stub = bytestream_pb2_grpc.ByteStreamStub(channel)
        self.instance = instance

    def read(self, digest):
        if digest.size_bytes == 0:
            return b""
        name = f"{self.instance}/blobs/{digest.hash}/{digest.size_bytes}"
        data = b"".join(r.data for r in self.stub.Read(bytestream_pb2.ReadRequest(resource_name=name)))
        if len(data) != digest.size_bytes or hashlib.sha256(data).hexdigest() != digest.hash:
            raise RuntimeError(f"blob {digest.hash}/{digest.size_bytes}: wrong content from the CAS")
        return data

    def read_message(self, digest, message):
        message.ParseFromString(self.read(digest))
        return message

    def write(self, data):
        digest = rex.Digest(hash=hashlib.sha256(data).hexdigest(), size_bytes=len(data))
        if data:
            name = f"{self.instance}/uploads/{uuid.uuid4()}/blobs/{digest.hash}/{digest.size_bytes}"

            def requests():
                for offset in range(0, len(data), CHUNK):
                    end = min(offset + CHUNK, len(data))
                    yield bytestream_pb2.WriteRequest(
                        resource_name=name if offset == 0 else "",
                        write_offset=offset,
                        data=data[offset:end],
                        finish_write=end == len(data),
                    )

            self.stub.Write(requests())
        return digest


def lay_out(cas, digest, path):
    """Writes the Directory `digest` and everything below it into the existing folder `path`."""
    directory = cas.read_message(digest, rex.Directory())
    for node in directory.files:
        target = os.path.join(path, node.name)
        with open(target, "wb") as file:
            file.write(cas.read(node.digest))
        os.chmod(target, 0o755 if node.is_executable else 0o644)
    for node in directory.symlinks:
        os.symlink(node.target, os.path.join(path, node.name))
    for node in directory.directories:
        os.mkdir(os.path.join(path, node.name))
        lay_out(cas, node.digest, os.path.join(path, node.name))


def execute(cas, action, work_dir):
    """Runs `action` in a fresh folder under `work_dir`; returns its ActionResult."""
    command = cas.read_message(action.command_digest, rex.Command())
    if command.output_directories:
        raise RuntimeError("output directories are not supported by this test worker")
    root = tempfile.mkdtemp(prefix="action-", dir=work_dir)
    try:
        lay_out(cas, action.input_root_digest, root)
        cwd = os.path.join(root, command.working_directory)
        outputs = list(command.output_paths) or list(command.output_files)
        for output in outputs:
            os.makedirs(os.path.dirname(os.path.join(cwd, output)), exist_ok=True)
        timeout = action.timeout.seconds or 600
        run = subprocess.run(
            list(command.arguments),
            cwd=cwd,
            env={v.name: v.value for v in command.environment_variables},
            capture_output=True,
            timeout=timeout,
        )
        result = rex.ActionResult(exit_code=run.returncode)
        result.stdout_digest.CopyFrom(cas.write(run.stdout))
        result.stderr_digest.CopyFrom(cas.write(run.stderr))
        for output in outputs:
            path = os.path.join(cwd, output)
            if os.path.isfile(path):
                with open(path, "rb") as file:
                    digest = cas.write(file.read())
                result.output_files.add(path=output, digest=digest, is_executable=os.access(path, os.X_OK))
        return result
    finally:
        shutil.rmtree(root, ignore_errors=True)


def complete(cas, lease, work_dir):
    """Runs the lease's action and marks the lease completed, with its result or an error status."""
    started = time.monotonic()
    try:
        action = rex.Action()
        if lease.payload.Is(rex.Action.DESCRIPTOR):
            lease.payload.Unpack(action)
        else:
            digest = rex.Digest()
            lease.payload.Unpack(digest)
            cas.read_message(digest, action)
        result = execute(cas, action, work_dir)
        lease.result.Pack(result)
        lease.status.code = code_pb2.OK
        outcome = f"exit {result.exit_code}, {len(result.output_files)} output files"
    except Exception as error:  # reported to BuildGrid, which fails the execution
        lease.status.code = code_pb2.INTERNAL
        lease.status.message = str(error)
        outcome = f"error: {error}"
    lease.state = bots_pb2.LeaseState.Value("COMPLETED")
    print(f"lease {lease.id}: {outcome} ({time.monotonic() - started:.2f} s)", file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", required=True, help="host:port of the BuildGrid server")
    parser.add_argument("--instance", default="main")
    parser.add_argument("--work-dir", required=True, help="where actions run (one folder each)")
    options = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))

    channel = grpc.insecure_channel(options.server)
    bots = bots_pb2_grpc.BotsStub(channel)
    cas = CAS(channel, options.instance)
    session = bots_pb2.BotSession(bot_id=f"lhc-test-worker-{os.getpid()}", status=bots_pb2.BotStatus.Value("OK"))
    session = bots.CreateBotSession(
        bots_pb2.CreateBotSessionRequest(parent=options.instance, bot_session=session), timeout=POLL_SECONDS
    )
    print(f"bot session {session.name}", file=sys.stderr, flush=True)
    while True:
        for lease in session.leases:
            if lease.state in (bots_pb2.LeaseState.Value("PENDING"), bots_pb2.LeaseState.Value("ACTIVE")):
                complete(cas, lease, options.work_dir)
        try:
            session = bots.UpdateBotSession(
                bots_pb2.UpdateBotSessionRequest(name=session.name, bot_session=session), timeout=POLL_SECONDS
            )
        except grpc.RpcError as error:
            if error.code() != grpc.StatusCode.DEADLINE_EXCEEDED:
                raise


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
