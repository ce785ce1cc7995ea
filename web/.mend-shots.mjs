import { chromium } from 'playwright-core';
const base = process.env.BASE ?? 'http://127.0.0.1:18677';
const out = process.env.OUT ?? '/tmp/mend-shots';
const tag = process.env.TAG ?? 'a';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
async function ctxFor(email, vp) {
  const ctx = await browser.newContext({ viewport: vp, baseURL: base });
  await ctx.addInitScript(() => {
    localStorage.setItem('circle-cookie-consent', JSON.stringify({ necessary: true, analytics: false, functional: false, marketing: false, version: '1.0', timestamp: new Date().toISOString() }));
  });
  const r = await ctx.request.post('/api/auth/signin', { data: { email, password: 'CircleDemo1!' } });
  if (r.status() !== 200) throw new Error('signin ' + email + ' ' + r.status());
  return ctx;
}
const shots = [
  ['vendor@demo.test', '/vendor-dashboard', 'vendor-dashboard'],
  ['vendor@demo.test', '/vendor-dashboard/consultations', 'vendor-consultations'],
  ['pro@demo.test', '/consultations', 'consultations'],
  ['pro@demo.test', '/notifications', 'notifications'],
];
if (process.env.PREP) shots.push(['pro@demo.test', `/consultation-prep/${process.env.PREP}`, 'prep']);
for (const vp of [{ width: 390, height: 844 }, { width: 1366, height: 900 }]) {
  for (const [email, path, name] of shots) {
    const ctx = await ctxFor(email, vp);
    const page = await ctx.newPage();
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1500);
    const sw = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
    const file = `${out}/${tag}-${name}-${vp.width}.png`;
    await page.screenshot({ path: file, fullPage: true });
    console.log(file, 'scrollWidth', sw.join('/'));
    await ctx.close();
  }
}
await browser.close();
