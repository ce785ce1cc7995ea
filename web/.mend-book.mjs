import { request } from 'playwright-core';
const base = 'http://127.0.0.1:18677';
const r = await request.newContext({ baseURL: base, extraHTTPHeaders: { Origin: base } });
console.error((await r.post('/api/auth/signin', { data: { email: 'pro@demo.test', password: 'CircleDemo1!' } })).status());
const cal = await (await r.get('/api/consultations/calendar?service_id=svc-closingbell-tc')).json();
const open = cal.days.flatMap((d) => d.slots.filter((s) => s.available).map((s) => ({ date: d.date, time: s.time })));
const b = await r.post('/api/consultations', { data: { service_id: 'svc-closingbell-tc', scheduled_date: open[0].date, scheduled_time: open[0].time, client_name: 'Prep Agent', client_email: 'prep.client@example.com', source: 'e2e' } });
console.error(b.status());
console.log((await b.json()).id);
