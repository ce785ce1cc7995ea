package httpapi

import (
	"strings"
	"testing"
)

// F-CAT-08 (issue 33): on a page whose first screen is in the HTML, the app's entry script and
// module preloads give way to the loader, which starts them (with the page's own chunks) after
// the first paint; nothing of the app is requested from the HTML itself.
func TestF_CAT_08_AppStartsAfterTheFirstPaint(t *testing.T) {
	index := []byte(`<head>
    <script type="module" crossorigin src="/assets/index-E.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-R.js">
    <link rel="stylesheet" crossorigin href="/assets/index-S.css">
  </head><body><div id="root"><main class="m"></main></div></body>`)
	page := shellPage{StartAfterPaint: true, AppModules: []string{"/assets/route-A.js", "/assets/card-B.js"}}
	got := string(page.fill(index))
	want := `<script src="/start-app.js" defer data-app="/assets/index-E.js" data-modules="/assets/runtime-R.js /assets/route-A.js /assets/card-B.js"></script>`
	if !strings.Contains(got, want) {
		t.Errorf("page lacks the loader %s:\n%s", want, got)
	}
	for _, gone := range []string{`type="module"`, `rel="modulepreload"`} {
		if strings.Contains(got, gone) {
			t.Errorf("page still has %s:\n%s", gone, got)
		}
	}
	if !strings.Contains(got, `<link rel="stylesheet" crossorigin href="/assets/index-S.css">`) {
		t.Errorf("the style sheet must stay (the first paint needs it):\n%s", got)
	}
	// Any other page loads the app from its HTML as it is.
	if other := string((shellPage{Title: "x"}).fill(index)); !strings.Contains(other, `<script type="module" crossorigin src="/assets/index-E.js"></script>`) ||
		!strings.Contains(other, `<link rel="modulepreload" crossorigin href="/assets/runtime-R.js">`) || strings.Contains(other, startAppScript) {
		t.Errorf("a page without a first screen changed its scripts:\n%s", other)
	}
}

// F-CAT-08 (issue 33): the data a page hands the app follows its content, at the end of the
// body: in the head, the marketplace's 130 KB were parsed before anything could paint.
func TestF_CAT_08_PageDataFollowsTheContent(t *testing.T) {
	index := []byte(`<head><title>Circle</title></head><body><div id="root"><main class="m"></main></div></body>`)
	page := shellPage{Head: `<link rel="canonical" href="/x">`, Main: `<h1>Card</h1>`, Data: `<script type="application/json" id="d">{}</script>`}
	got := string(page.fill(index))
	want := `<body><div id="root"><main class="m"><h1>Card</h1></main></div><script type="application/json" id="d">{}</script></body>`
	if !strings.Contains(got, want) {
		t.Errorf("page's data is not at the end of its body:\n%s", got)
	}
	if !strings.Contains(got, `<link rel="canonical" href="/x"></head>`) {
		t.Errorf("page's head elements are not in its head:\n%s", got)
	}
}
