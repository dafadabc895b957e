// Prints what a first visit downloads, gzip-compressed: index.html, the entry chunk with its
// static imports and CSS, the shared singletons (module federation: the shell itself takes react,
// the router, i18next and the kit through the share scope, so they are fetched on every first
// load although they are not static imports), and then the lazily loaded page the visit lands on.
// Reads dist/.vite/manifest.json (vite `build.manifest: true`).
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The files a chunk needs before it runs: itself, its static imports, their CSS. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) closure(dep, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shell = closure(entryKey, new Set(['index.html']));
for (const key of Object.keys(manifest).filter((k) => manifest[k].file.includes('__federation_shared_'))) closure(key, shell);
const total = (files) => [...files].reduce((sum, file) => sum + gz(file), 0);

const pages = {
  '/user/sign-in': 'src/features/auth/SignInPage.tsx',
  '/dashboard': 'src/features/dashboard/DashboardPage.tsx',
};

console.log('\nFirst load (gzip -9):');
console.log(`  shell (index.html + entry + imports + shared + CSS): ${kib(total(shell))}`);
for (const [path, key] of Object.entries(pages)) {
  if (!manifest[key]) continue;
  const files = closure(key, new Set(shell));
  console.log(`  ${path.padEnd(14)} shell + page chunk:              ${kib(total(files))}  (${files.size} files)`);
}
console.log('');
