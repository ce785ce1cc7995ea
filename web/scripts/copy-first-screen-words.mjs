// Copies the catalogues the server's first screen of / and /marketplace is written in
// (internal/httpapi/first_screen_words.go: marketplace and common, in en, es and fr) into the
// build as dist/.locales/{lang}/{ns}.json. The server reads them from the embedded build, so its
// first screen says word for word what the app says when it takes over. Names starting with a
// dot are not served (internal/httpapi/spa.go).
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
for (const lang of ['en', 'es', 'fr']) {
  mkdirSync(join(web, 'dist', '.locales', lang), { recursive: true });
  for (const ns of ['marketplace', 'common']) {
    copyFileSync(join(web, 'src', 'locales', lang, `${ns}.json`), join(web, 'dist', '.locales', lang, `${ns}.json`));
  }
}
