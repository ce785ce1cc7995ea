package httpapi

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
)

// screenWords are the web app's words of a few namespaces in one language, read from the web
// app's own catalogues (web/src/locales/{lang}/{ns}.json, copied into the build as
// .locales/{lang}/{ns}.json by web/scripts/copy-first-screen-words.mjs), so the server's first
// screen says word for word what the app says when it takes over.
type screenWords struct {
	lang  string
	words map[string]string // "marketplace.hero.title" -> text
}

// firstScreenNamespaces are the catalogues the marketplace's first screen reads.
var firstScreenNamespaces = []string{"marketplace", "common"}

// readScreenWords reads the namespaces of each language under dir ("{dir}/{lang}/{ns}.json").
// A language whose files are missing or do not parse is left out.
func readScreenWords(files fs.FS, dir string, langs, namespaces []string) map[string]*screenWords {
	out := map[string]*screenWords{}
	for _, l := range langs {
		w := &screenWords{lang: l, words: map[string]string{}}
		ok := true
		for _, ns := range namespaces {
			b, err := fs.ReadFile(files, dir+"/"+l+"/"+ns+".json")
			if err != nil {
				ok = false
				break
			}
			var tree map[string]any
			if json.Unmarshal(b, &tree) != nil {
				ok = false
				break
			}
			flattenWords(w.words, ns, tree)
		}
		if ok {
			out[l] = w
		}
	}
	return out
}

func flattenWords(into map[string]string, prefix string, tree map[string]any) {
	for k, v := range tree {
		switch v := v.(type) {
		case string:
			into[prefix+"."+k] = v
		case map[string]any:
			flattenWords(into, prefix+"."+k, v)
		}
	}
}

// t is i18next's t for the keys the first screen uses: {{name}} interpolation and the _one /
// _other plural forms chosen by "count" (English and Spanish: one for 1; French: one for 0 and
// 1, as Intl.PluralRules says). A missing key is the key itself, as i18next shows it.
func (w *screenWords) t(key string, vars ...any) string {
	var count *int
	for i := 0; i+1 < len(vars); i += 2 {
		if vars[i] == "count" {
			if n, ok := vars[i+1].(int); ok {
				count = &n
			}
		}
	}
	text, found := "", false
	if count != nil {
		form := "_other"
		if *count == 1 || (w.lang == "fr" && *count == 0) {
			form = "_one"
		}
		text, found = w.words[key+form]
	}
	if !found {
		text, found = w.words[key]
	}
	if !found {
		return key
	}
	if !strings.Contains(text, "{{") {
		return text
	}
	for i := 0; i+1 < len(vars); i += 2 {
		name, _ := vars[i].(string)
		var value string
		switch v := vars[i+1].(type) {
		case string:
			value = v
		case int:
			value = strconv.Itoa(v)
		default:
			value = fmt.Sprint(v)
		}
		text = strings.ReplaceAll(text, "{{"+name+"}}", value)
	}
	return text
}
