// String tables → the payloads of other over-the-air SDKs (`lhc pack --target`).
