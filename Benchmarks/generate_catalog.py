#!/usr/bin/env python3
"""Write a deterministic synthetic String Catalog (.xcstrings) for benchmarking `lhc compile`.

The output imitates what Xcode writes: 2-space indentation, `"key" : value` with a space before the
colon, object keys sorted, `"sourceLanguage" : "en"`, `"version" : "1.0"`. Same parameters → the
same bytes (seeded PRNG, no hash-ordered iteration).

Mix per key: ~15 % plural variations, ~3 % substitutions, ~2 % device variations, the rest plain
string units (20–200 characters, skewed short like real UI text: median ~24, mean ~35; language-
specific non-ASCII text; ~15 % with `%@`/`%lld`; some `&`, `<`, `>`, quotes, backslashes, newlines).
States: ~90 % `translated`, ~8 % `needs_review`, ~2 % `new` (source language: ~1 % `new`).
Variation leaves are never `new`, so the `.strings` rules for them are unambiguous. ~5 % of the
target-language localizations are missing (untranslated), as in real catalogs.

Scale: 20,000 keys × 30 languages ≈ 170 MB. `--size-mb` picks the number of keys for a target size.

    python3 Benchmarks/generate_catalog.py --keys 20000 --languages 30 -o Localizable.xcstrings
    python3 Benchmarks/generate_catalog.py --size-mb 10 -o Localizable.xcstrings
"""

import argparse
import json
import random
import sys
import time

# Code-point order = Xcode's order for these tags.
ALL_LANGUAGES = [
    "en", "de", "fr", "es", "it", "ja", "ko", "zh-Hans", "zh-Hant", "pt-BR", "pt-PT", "ru", "uk",
    "pl", "cs", "nl", "sv", "da", "fi", "nb", "tr", "ar", "he", "th", "vi", "id", "ms", "hi", "el",
    "ro",
]

# CLDR cardinal plural categories offered by Xcode's editor for each language.
PLURAL_CATEGORIES = {
    "en": ["one", "other"], "de": ["one", "other"], "nl": ["one", "other"],
    "sv": ["one", "other"], "da": ["one", "other"], "fi": ["one", "other"],
    "nb": ["one", "other"], "tr": ["one", "other"], "el": ["one", "other"],
    "hi": ["one", "other"],
    "fr": ["one", "many", "other"], "es": ["one", "many", "other"],
    "it": ["one", "many", "other"], "pt-BR": ["one", "many", "other"],
    "pt-PT": ["one", "many", "other"],
    "ru": ["one", "few", "many", "other"], "uk": ["one", "few", "many", "other"],
    "pl": ["one", "few", "many", "other"], "cs": ["one", "few", "many", "other"],
    "ro": ["one", "few", "other"], "he": ["one", "two", "other"],
    "ar": ["zero", "one", "two", "few", "many", "other"],
    "ja": ["other"], "ko": ["other"], "zh-Hans": ["other"], "zh-Hant": ["other"],
    "th": ["other"], "vi": ["other"], "id": ["other"], "ms": ["other"],
}

# Small per-language vocabularies; `None` = language written without spaces between words.
WORDS = {
    "en": "the your file files folder account settings open save delete share sync changes "
          "cannot be undone download upload photo photos message messages device network "
          "connection subscription privacy notification please try again later new recent",
    "de": "die der das Datei Dateien Ordner Konto Einstellungen öffnen speichern löschen teilen "
          "Änderungen können nicht rückgängig gemacht werden Größe übernehmen Gerät Verbindung "
          "Straße bitte später erneut Schlüssel Überprüfung",
    "fr": "le la les fichier fichiers dossier compte réglages ouvrir enregistrer supprimer "
          "partager modifications être annulées télécharger préférences réseau connexion "
          "sécurité à été déjà vérifié élément où reçu",
    "es": "el la los archivo archivos carpeta cuenta ajustes abrir guardar eliminar compartir "
          "cambios no se pueden deshacer descargar señal conexión contraseña año más tamaño "
          "información después también",
    "it": "il la gli file cartella account impostazioni aprire salvare eliminare condividere "
          "modifiche non possono essere annullate scaricare è già più perché città attività "
          "però qualità",
    "ja": "ファイル フォルダ アカウント 設定 開く 保存 削除 共有 変更 元に戻せません ダウンロード "
          "写真 メッセージ デバイス ネットワーク 接続 してください もう一度 後で お試しください "
          "新しい 最近の を が は に で",
    "ko": "파일 폴더 계정 설정 열기 저장 삭제 공유 변경 사항을 취소할 수 없습니다 다운로드 사진 "
          "메시지 기기 네트워크 연결 나중에 다시 시도하세요 새로운 최근",
    "zh-Hans": "文件 文件夹 帐户 设置 打开 存储 删除 共享 更改 无法撤销 下载 照片 信息 设备 网络 "
               "连接 请 稍后 再试 新的 最近 的 了 在 和",
    "zh-Hant": "檔案 檔案夾 帳號 設定 打開 儲存 刪除 共享 變更 無法還原 下載 照片 訊息 裝置 網路 "
               "連線 請 稍後 再試 新的 最近 的 了 在 和",
    "pt-BR": "o a os arquivo arquivos pasta conta ajustes abrir salvar apagar compartilhar "
             "alterações não podem ser desfeitas baixar conexão informação você também está "
             "serviço configurações",
    "pt-PT": "o a os ficheiro ficheiros pasta conta definições abrir guardar apagar partilhar "
             "alterações não podem ser anuladas transferir ligação informação você também está "
             "serviço ecrã",
    "ru": "файл файлы папка учётная запись настройки открыть сохранить удалить поделиться "
          "изменения нельзя отменить загрузить фото сообщение устройство сеть подключение "
          "повторите попытку позже новый",
    "uk": "файл файли тека обліковий запис налаштування відкрити зберегти видалити поділитися "
          "зміни не можна скасувати завантажити фото повідомлення пристрій мережа з'єднання "
          "спробуйте пізніше їх ґанок",
    "pl": "plik pliki folder konto ustawienia otwórz zapisz usuń udostępnij zmiany nie można "
          "cofnąć pobierz zdjęcie wiadomość urządzenie sieć połączenie spróbuj ponownie później "
          "źródło żółć",
    "cs": "soubor soubory složka účet nastavení otevřít uložit smazat sdílet změny nelze vrátit "
          "stáhnout fotka zpráva zařízení síť připojení zkuste to znovu později řádek",
    "nl": "het de bestand bestanden map account instellingen openen bewaren verwijderen delen "
          "wijzigingen kunnen niet ongedaan worden gemaakt downloaden netwerk verbinding "
          "probeer het later opnieuw één",
    "sv": "filen filer mapp konto inställningar öppna spara radera dela ändringar kan inte ångras "
          "hämta bild meddelande enhet nätverk anslutning försök igen senare på för",
    "da": "filen filer mappe konto indstillinger åbn gem slet del ændringer kan ikke fortrydes "
          "hent billede besked enhed netværk forbindelse prøv igen senere på før",
    "fi": "tiedosto tiedostot kansio tili asetukset avaa tallenna poista jaa muutoksia ei voi "
          "kumota lataa kuva viesti laite verkko yhteys yritä myöhemmin uudelleen äänet",
    "nb": "filen filer mappe konto innstillinger åpne lagre slett del endringer kan ikke angres "
          "last ned bilde melding enhet nettverk tilkobling prøv igjen senere på før",
    "tr": "dosya dosyalar klasör hesap ayarlar aç kaydet sil paylaş değişiklikler geri alınamaz "
          "indir fotoğraf mesaj aygıt ağ bağlantı lütfen daha sonra yeniden deneyin şifre",
    "ar": "الملف الملفات المجلد الحساب الإعدادات فتح حفظ حذف مشاركة التغييرات لا يمكن التراجع "
          "تنزيل صورة رسالة الجهاز الشبكة الاتصال يرجى المحاولة مرة أخرى لاحقًا",
    "he": "קובץ קבצים תיקייה חשבון הגדרות פתח שמור מחק שתף שינויים לא ניתן לבטל הורד תמונה "
          "הודעה מכשיר רשת חיבור נסה שוב מאוחר יותר",
    "th": "ไฟล์ โฟลเดอร์ บัญชี การตั้งค่า เปิด บันทึก ลบ แชร์ การเปลี่ยนแปลง ไม่สามารถเลิกทำได้ "
          "ดาวน์โหลด รูปภาพ ข้อความ อุปกรณ์ เครือข่าย การเชื่อมต่อ โปรดลองอีกครั้งในภายหลัง",
    "vi": "tệp thư mục tài khoản cài đặt mở lưu xóa chia sẻ thay đổi không thể hoàn tác tải xuống "
          "ảnh tin nhắn thiết bị mạng kết nối vui lòng thử lại sau mới gần đây",
    "id": "berkas folder akun pengaturan buka simpan hapus bagikan perubahan tidak dapat "
          "dibatalkan unduh foto pesan perangkat jaringan koneksi silakan coba lagi nanti baru",
    "ms": "fail folder akaun tetapan buka simpan padam kongsi perubahan tidak boleh dibuat asal "
          "muat turun foto mesej peranti rangkaian sambungan sila cuba lagi kemudian baharu",
    "hi": "फ़ाइल फ़ाइलें फ़ोल्डर खाता सेटिंग्स खोलें सहेजें हटाएँ शेयर करें बदलाव पूर्ववत नहीं किए जा सकते "
          "डाउनलोड फ़ोटो संदेश डिवाइस नेटवर्क कनेक्शन कृपया बाद में फिर से कोशिश करें",
    "el": "αρχείο αρχεία φάκελος λογαριασμός ρυθμίσεις άνοιγμα αποθήκευση διαγραφή κοινή χρήση "
          "αλλαγές δεν μπορούν να αναιρεθούν λήψη φωτογραφία μήνυμα συσκευή δίκτυο σύνδεση",
    "ro": "fișier fișiere dosar cont setări deschide salvează șterge partajează modificările nu "
          "pot fi anulate descarcă fotografie mesaj dispozitiv rețea conexiune încercați din nou",
}
NO_SPACES = {"ja", "zh-Hans", "zh-Hant", "th"}

# Tokens sprinkled into plain values to exercise XML escaping and JSON string escaping.
SPECIAL_TOKENS = ['&', '<', '>', '"Save"', "'", '“OK”', "A & B", "<b>", "\\", "\n"]

SECTIONS = ["account", "settings", "sync", "editor", "library", "onboarding", "share", "player",
            "search", "profile", "billing", "alerts", "widgets", "export", "import", "privacy"]
ELEMENTS = ["title", "subtitle", "message", "button", "label", "hint", "placeholder", "footer",
            "error", "confirmation", "description", "accessibility"]

POOL_SIZE = 1024            # sentences per language and length class
LENGTH_SKEW = 12.0          # plain length = 20 + 180·u^SKEW characters: most UI strings are short;
                            # tuned so that 20k keys × 30 languages ≈ 170 MB
BYTES_PER_KEY_30 = 8500     # measured size per key with 30 languages (for --size-mb)


def jstr(s):
    """JSON string literal as Xcode writes it (non-ASCII raw, `"` and `\\` escaped)."""
    return json.dumps(s, ensure_ascii=False)


class TextPools:
    """Precomputed, JSON-encoded sentences per language, so generation is mostly string joins."""

    def __init__(self, rng, languages):
        self.plain = {}      # lang -> list of JSON literals (no specifiers)
        self.short = {}      # lang -> list of raw short phrases (for variation leaves)
        for lang in languages:
            words = WORDS[lang].split()
            sep = "" if lang in NO_SPACES else " "
            plain, short = [], []
            for i in range(POOL_SIZE):
                target = 20 + int(180 * rng.random() ** LENGTH_SKEW)
                plain.append(jstr(self._sentence(rng, words, sep, target, specials=True)))
                short.append(self._sentence(rng, words, sep, rng.randint(4, 16), specials=False,
                                            minimum=3))
            self.plain[lang] = plain
            self.short[lang] = short

    @staticmethod
    def _sentence(rng, words, sep, target, specials, minimum=20):
        """Words up to `target` characters, at least `minimum` characters."""
        parts, n = [], 0
        while True:
            if specials and rng.random() < 0.03:
                w = rng.choice(SPECIAL_TOKENS)
            else:
                w = rng.choice(words)
            if parts and n - len(sep) >= minimum and n + len(w) > target:
                break
            parts.append(w)
            n += len(w) + len(sep)
        s = sep.join(parts)
        return s[:1].upper() + s[1:]


def state_for(rng_value, source):
    # rng_value in [0, 1): ~90 % translated, ~8 % needs_review, ~2 % new (source: ~1 % new).
    if rng_value < (0.99 if source else 0.90):
        return "translated"
    if rng_value < (0.995 if source else 0.98):
        return "needs_review" if not source else "new"
    return "new" if not source else "needs_review"


def unit(ind, state, value_literal):
    """A `stringUnit` member at indentation `ind` (spaces). `value_literal` is JSON-encoded."""
    i2 = ind + "  "
    return (f'{ind}"stringUnit" : {{\n'
            f'{i2}"state" : "{state}",\n'
            f'{i2}"value" : {value_literal}\n'
            f'{ind}}}')


def generate(keys, languages, seed, out):
    rng = random.Random(seed)
    langs = sorted(ALL_LANGUAGES[:languages])
    pools = TextPools(random.Random(seed * 7919 + 1), langs)
    rnd = rng.random
    rint = rng.randrange

    key_names = []
    for i in range(keys):
        key_names.append(f"{SECTIONS[i % len(SECTIONS)]}.{ELEMENTS[(i // 16) % len(ELEMENTS)]}."
                         f"{i:06d}")
    key_names.sort()

    w = out.write
    w('{\n  "sourceLanguage" : "en",\n  "strings" : {\n')
    I4, I6, I8, I10, I12, I14, I16, I18 = (" " * n for n in (4, 6, 8, 10, 12, 14, 16, 18))

    for k_index, key in enumerate(key_names):
        r = rnd()
        if r < 0.15:
            kind = "plural"
        elif r < 0.18:
            kind = "subst"
        elif r < 0.20:
            kind = "device"
        else:
            kind = "plain"
        spec_r = rnd()
        spec = "%@" if spec_r < 0.10 else ("%lld" if spec_r < 0.15 else None)

        chunks = []
        head = f'{I4}{jstr(key)} : {{\n'
        meta = []
        if rnd() < 0.6:
            meta.append(f'{I6}"comment" : {jstr("Shown in " + key.split(".")[0] + " " + key.split(".")[1])}')
        if rnd() < 0.3:
            meta.append(f'{I6}"extractionState" : "manual"')

        locs = []
        for lang in langs:
            if rnd() < 0.05 and lang != "en":
                continue                      # an untranslated language: no unit at all
            source = lang == "en"
            short = pools.short[lang]
            if kind == "plain":
                lit = pools.plain[lang][rint(POOL_SIZE)]
                if spec is not None:
                    lit = lit[:-1] + " " + spec + '"'
                st = state_for(rnd(), source)
                body = unit(I10, st, lit)
            elif kind == "plural":
                forms = []
                for cat in PLURAL_CATEGORIES[lang]:
                    st = "translated" if rnd() < 0.95 else "needs_review"
                    text = short[rint(POOL_SIZE)]
                    val = jstr(f"%lld {text}" if cat != "zero" else text)
                    forms.append(f'{I14}"{cat}" : {{\n{unit(I16, st, val)}\n{I14}}}')
                body = (f'{I10}"variations" : {{\n{I12}"plural" : {{\n' + ",\n".join(sorted(forms))
                        + f'\n{I12}}}\n{I10}}}')
            elif kind == "subst":
                a, b = short[rint(POOL_SIZE)], short[rint(POOL_SIZE)]
                parent = unit(I10, "translated", jstr(f"{a} %#@items@ · %#@folders@ {b}"))
                subs = []
                for arg_num, name in ((2, "folders"), (1, "items")):   # sorted by name
                    forms = []
                    for cat in PLURAL_CATEGORIES[lang]:
                        st = "translated" if rnd() < 0.95 else "needs_review"
                        text = short[rint(POOL_SIZE)][:30]
                        forms.append(f'{I18}"{cat}" : {{\n{unit(I18 + "  ", st, jstr("%arg " + text))}\n{I18}}}')
                    forms.sort()
                    subs.append(
                        f'{I12}"{name}" : {{\n'
                        f'{I14}"argNum" : {arg_num},\n'
                        f'{I14}"formatSpecifier" : "lld",\n'
                        f'{I14}"variations" : {{\n{I16}"plural" : {{\n' + ",\n".join(forms)
                        + f'\n{I16}}}\n{I14}}}\n{I12}}}')
                body = parent + f',\n{I10}"substitutions" : {{\n' + ",\n".join(subs) + f'\n{I10}}}'
            else:  # device
                leaves = []
                for dev in ("ipad", "iphone", "mac", "other"):
                    st = "translated" if rnd() < 0.95 else "needs_review"
                    val = jstr(f"{short[rint(POOL_SIZE)]} ({dev})" if dev != "other"
                               else short[rint(POOL_SIZE)])
                    leaves.append(f'{I14}"{dev}" : {{\n{unit(I16, st, val)}\n{I14}}}')
                body = (f'{I10}"variations" : {{\n{I12}"device" : {{\n' + ",\n".join(leaves)
                        + f'\n{I12}}}\n{I10}}}')
            locs.append(f'{I8}"{lang}" : {{\n{body}\n{I8}}}')

        members = meta + [f'{I6}"localizations" : {{\n' + ",\n".join(locs) + f'\n{I6}}}']
        chunks.append(head)
        chunks.append(",\n".join(members))
        chunks.append(f'\n{I4}}}' + (",\n" if k_index + 1 < len(key_names) else "\n"))
        w("".join(chunks))

    w('  },\n  "version" : "1.0"\n}')


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    g = p.add_mutually_exclusive_group()
    g.add_argument("--keys", type=int, help="number of keys (default 1000)")
    g.add_argument("--size-mb", type=float, help="approximate output size in MB (10^6 bytes)")
    p.add_argument("--languages", type=int, default=30, help="number of languages, 1–30 (default 30)")
    p.add_argument("--seed", type=int, default=1, help="PRNG seed (default 1)")
    p.add_argument("-o", "--output", required=True, help="output .xcstrings path")
    p.add_argument("--check", action="store_true", help="re-read the output with json and verify it")
    args = p.parse_args(argv)
    if not 1 <= args.languages <= len(ALL_LANGUAGES):
        p.error(f"--languages must be between 1 and {len(ALL_LANGUAGES)}")
    keys = args.keys if args.keys is not None else 1000
    if args.size_mb is not None:
        keys = keys_for_size(args.size_mb, args.languages)

    start = time.perf_counter()
    with open(args.output, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
        generate(keys, args.languages, args.seed, out)
    elapsed = time.perf_counter() - start
    import os
    size = os.path.getsize(args.output)
    print(f"{args.output}: {keys} keys × {args.languages} languages, {size / 1e6:.1f} MB "
          f"in {elapsed:.2f} s", file=sys.stderr)
    if args.check:
        with open(args.output, encoding="utf-8") as f:
            doc = json.load(f)
        assert doc["sourceLanguage"] == "en" and doc["version"] == "1.0"
        assert len(doc["strings"]) == keys, (len(doc["strings"]), keys)
        print("check: valid JSON", file=sys.stderr)


def keys_for_size(size_mb, languages=30):
    per_key = BYTES_PER_KEY_30 * languages / 30
    return max(1, round(size_mb * 1e6 / per_key))


if __name__ == "__main__":
    main()
