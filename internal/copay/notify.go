package copay

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"circle/internal/ids"
	"circle/internal/lang"
	"circle/internal/notices"
	"circle/internal/notify"
	"circle/internal/pricing"
)

// Notice kinds of the agent's in-app notifications and e-mails.
const (
	NoticeApproved = "copay_approved"
	NoticeDeclined = "copay_declined"
	NoticeExpired  = "copay_expired"
)

// NoticeLink is where a co-pay notice leads: the cart, whose line shows the new state.
const NoticeLink = "/cart"

// noticeOf is the agent's in-app notice of a closed request: message keys of the web app's
// catalogues (notifications.copay_*) and the parameters they name. One notice per request and
// status (dedupe key), so a retried job never tells the agent twice.
func noticeOf(r Incoming, now time.Time) notices.Notification {
	kind := map[string]string{StatusApproved: NoticeApproved, StatusDeclined: NoticeDeclined, StatusExpired: NoticeExpired}[r.Status]
	split := r.RequestedSplit
	if r.ApprovedSplit != nil {
		split = *r.ApprovedSplit
	}
	params := map[string]any{"vendor": r.VendorName, "service": r.ServiceTitle, "split": split,
		"requested_split": r.RequestedSplit, "agent_share_cents": r.AgentShareCents, "vendor_share_cents": r.VendorShareCents}
	if r.DecisionNote != "" {
		params["note"] = r.DecisionNote
	}
	return notices.Notification{ID: ids.New(), UserID: r.AgentID, Kind: kind,
		TitleKey: "notifications." + kind + ".title", BodyKey: "notifications." + kind + ".body",
		Params: notices.ParamsOf(params), Link: NoticeLink, Reference: r.ID, DedupeKey: kind + ":" + r.ID, CreatedAt: now}
}

// emailText holds the agent's e-mail by language: subject and body per kind. {vendor},
// {service}, {split}, {requested}, {agentAmt}, {vendorAmt}, {note} and {link} are filled in.
var emailText = map[string]map[string][2]string{
	"en": {
		NoticeApproved: {"{vendor} approved your co-pay request",
			"Good news: {vendor} approved your co-pay request for {service}.\n\n{vendor} covers {split}% ({vendorAmt}); you pay {agentAmt}.{note}\n\nYour cart shows the item as Vendor Approved: {link}\n"},
		NoticeDeclined: {"{vendor} declined your co-pay request",
			"{vendor} declined your co-pay request for {service}.{note}\n\nChoose another way to pay for the item in your cart: {link}\n"},
		NoticeExpired: {"Your co-pay request to {vendor} expired",
			"{vendor} did not answer your co-pay request for {service} within 3 days, so it expired.\n\nChoose another way to pay for the item in your cart, or send a new request: {link}\n"},
		"note": {"\n\nNote from {vendor}: ", ""},
	},
	"es": {
		NoticeApproved: {"{vendor} aprobó su solicitud de copago",
			"Buenas noticias: {vendor} aprobó su solicitud de copago para {service}.\n\n{vendor} cubre el {split}% ({vendorAmt}); usted paga {agentAmt}.{note}\n\nSu carrito muestra el artículo como Aprobado por el proveedor: {link}\n"},
		NoticeDeclined: {"{vendor} rechazó su solicitud de copago",
			"{vendor} rechazó su solicitud de copago para {service}.{note}\n\nElija otra forma de pagar el artículo de su carrito: {link}\n"},
		NoticeExpired: {"Su solicitud de copago a {vendor} venció",
			"{vendor} no respondió a su solicitud de copago para {service} en 3 días, por lo que venció.\n\nElija otra forma de pagar el artículo de su carrito o envíe una nueva solicitud: {link}\n"},
		"note": {"\n\nNota de {vendor}: ", ""},
	},
	"fr": {
		NoticeApproved: {"{vendor} a approuvé votre demande de copaiement",
			"Bonne nouvelle : {vendor} a approuvé votre demande de copaiement pour {service}.\n\n{vendor} prend en charge {split}\u00a0% ({vendorAmt}) ; vous payez {agentAmt}.{note}\n\nVotre panier affiche l'article comme Approuvé par le fournisseur : {link}\n"},
		NoticeDeclined: {"{vendor} a refusé votre demande de copaiement",
			"{vendor} a refusé votre demande de copaiement pour {service}.{note}\n\nChoisissez un autre moyen de payer l'article de votre panier : {link}\n"},
		NoticeExpired: {"Votre demande de copaiement à {vendor} a expiré",
			"{vendor} n'a pas répondu à votre demande de copaiement pour {service} en 3 jours ; elle a donc expiré.\n\nChoisissez un autre moyen de payer l'article de votre panier ou envoyez une nouvelle demande : {link}\n"},
		"note": {"\n\nNote de {vendor} : ", ""},
	},
}

// EmailOf writes a co-pay notice as the agent's e-mail in their language (en, es or fr).
func EmailOf(n notices.Notification, to, language, baseURL string) notify.Message {
	lg := lang.Base(language)
	t := emailText[lg]
	p := notices.View{Notification: n}
	_ = jsonInto(n.Params, &p.Parameters)
	str := func(k string) string { s, _ := p.Parameters[k].(string); return s }
	num := func(k string) int64 { f, _ := p.Parameters[k].(float64); return int64(f) }
	conv := pricing.Converter{Currency: pricing.USD, Lang: lg}
	note := ""
	if s := str("note"); s != "" {
		note = t["note"][0] + s
	}
	fill := strings.NewReplacer("{vendor}", str("vendor"), "{service}", str("service"),
		"{split}", strconv.FormatInt(num("split"), 10), "{requested}", strconv.FormatInt(num("requested_split"), 10),
		"{agentAmt}", conv.Money(num("agent_share_cents")).Display, "{vendorAmt}", conv.Money(num("vendor_share_cents")).Display,
		"{link}", strings.TrimRight(baseURL, "/")+n.Link)
	body := t[n.Kind][1]
	body = strings.Replace(body, "{note}", fill.Replace(note), 1)
	return notify.Message{To: to, Kind: n.Kind, Subject: fill.Replace(t[n.Kind][0]), Text: fill.Replace(body)}
}

// sendNoticeEmail e-mails one notice to the agent unless it was e-mailed already: the notice
// is claimed first (emailed_at), so two senders never both send it; a failed send releases the
// claim and the expiry job's sweep (SendUnsent) tries again.
func (s *VendorService) sendNoticeEmail(ctx context.Context, n notices.Notification) {
	if err := s.emailNotice(ctx, n); err != nil && s.Logger != nil {
		s.Logger.Warn("co-pay notice e-mail not sent; the expiry job retries it", "notification", n.ID, "err", err)
	}
}

func (s *VendorService) emailNotice(ctx context.Context, n notices.Notification) error {
	if s.Mailer == nil {
		return nil
	}
	ok, err := s.Store.ClaimNotificationEmail(ctx, n.ID, s.Now().UTC())
	if err != nil || !ok {
		return err
	}
	c, err := s.Store.CoPayAgentContact(ctx, n.UserID)
	if err == nil && c.Email != "" {
		err = s.Mailer.Send(ctx, EmailOf(n, c.Email, c.Lang, s.BaseURL))
	}
	if err != nil {
		if rerr := s.Store.ReleaseNotificationEmail(ctx, n.ID); rerr != nil {
			return rerr
		}
	}
	return err
}

// SendUnsent e-mails the co-pay notices whose e-mail was not sent (a failure or a crash after
// the decision committed).
func (s *VendorService) SendUnsent(ctx context.Context) error {
	// An approval's notice waits out its undo window before it is e-mailed.
	rows, err := s.Store.UnsentCoPayNotifications(ctx, s.Now().UTC().Add(-UndoWindow), 100)
	if err != nil {
		return err
	}
	var first error
	for _, n := range rows {
		if err := s.emailNotice(ctx, n); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func jsonInto(s string, v any) error { return json.Unmarshal([]byte(s), v) }
