package concierge

import "context"

// FAQ items in retrieval (issue 29 item 6, F-AI-03 "grounded in the catalogue and FAQ"): the
// active rows of faq_items that administrators write in the back office. They are read on each
// answer (a handful of rows; the catalogue index's fingerprint does not cover them). An item
// is relevant when the question covers at least 60% of the item's question's meaningful words
// and at least two of them; items in the answer's language come first.

// FAQItem is an active remote FAQ item as retrieval sees it.
type FAQItem struct {
	ID       string
	Question string
	Answer   string
	Language string
}

// FAQStore reads the active FAQ items.
type FAQStore interface {
	ConciergeFAQ(ctx context.Context) ([]FAQItem, error)
}

// FAQURL is where a cited FAQ item opens: the help widget's FAQ (the web app shows it as a label).
func FAQURL(id string) string { return "#faq-" + id }

// bestFAQ is the item that answers question best, or nil.
func bestFAQ(items []FAQItem, question, lang string) *FAQItem {
	q := map[string]bool{}
	for _, w := range terms(question) {
		q[w] = true
	}
	var best *FAQItem
	bestScore := 0.0
	for i := range items {
		it := &items[i]
		ws := uniq(terms(it.Question))
		if len(ws) == 0 {
			continue
		}
		hit := 0
		for _, w := range ws {
			if q[w] {
				hit++
			}
		}
		cover := float64(hit) / float64(len(ws))
		if hit < 2 || cover < 0.6 {
			continue
		}
		score := cover
		if it.Language == lang {
			score += 0.5
		}
		if score > bestScore {
			best, bestScore = it, score
		}
	}
	return best
}

// withFAQ adds the best FAQ item to a reply: an answer gains it as a citation; a question the
// advisor declined is answered by the item itself (cited, no service), the human advisor
// still offered.
func withFAQ(reply Reply, items []FAQItem, question, lang string) Reply {
	it := bestFAQ(items, question, lang)
	if it == nil {
		return reply
	}
	c := Citation{Kind: "faq", ID: it.ID, Title: it.Question, URL: FAQURL(it.ID)}
	if reply.Handoff {
		reply.Message = it.Answer
		reply.Handoff = false
		reply.Citations = []Citation{c}
		return reply
	}
	reply.Citations = append(reply.Citations, c)
	return reply
}
