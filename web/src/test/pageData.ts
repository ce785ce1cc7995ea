/**
 * A page holding one JSON script element, as the server writes the data a server-rendered page
 * was drawn from (internal/httpapi/first_screen.go appData): for the tests of what the app takes
 * from the page it loaded in.
 */
export function pageWithData(id: string, lang: string, body: string): Document {
  const doc = document.implementation.createHTMLDocument('t');
  const el = doc.createElement('script');
  el.type = 'application/json';
  el.id = id;
  el.dataset.lang = lang;
  el.textContent = body;
  doc.body.append(el);
  return doc;
}
