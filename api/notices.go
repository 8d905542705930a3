package shop

import (
	"bytes"
	"context"
	"fmt"
	htmltemplate "html/template"
	"strings"
	texttemplate "text/template"
	"time"
)

// UserFinder finds the account an order mail goes to.
type UserFinder interface {
	FindUserByID(ctx context.Context, id string) (*User, error)
}

// notice is what one order mail says.
type notice struct {
	Shop     string
	Name     string
	Headline string // what happened, one sentence
	Number   string
	Date     string
	Items    []noticeItem
	Total    string
	Status   string
	Link     string // the shopper's page of the order
}

type noticeItem struct {
	Name, Price string
}

// Text the shop did not write (names of people and products) is isolated from its line: a
// right-to-left name, or a bidi control in one, then cannot reorder the price beside it
// (isolate in text, <bdi> in HTML).
const orderText = `Hello {{isolate .Name}},

{{.Headline}}

Order {{.Number}} of {{.Date}}
{{range .Items}}  {{isolate .Name}}  {{.Price}}
{{end}}Total: {{.Total}}
Status: {{.Status}}

See your order: {{.Link}}

{{.Shop}}
`

const orderHTML = `<!doctype html>
<html><body style="font-family: sans-serif; color: #222">
<h2>{{.Shop}}</h2>
<p>Hello <bdi>{{.Name}}</bdi>,</p>
<p>{{.Headline}}</p>
<p><strong>Order {{.Number}}</strong> of {{.Date}}</p>
<table cellpadding="4">
{{range .Items}}<tr><td><bdi>{{.Name}}</bdi></td><td align="right">{{.Price}}</td></tr>
{{end}}<tr><td><strong>Total</strong></td><td align="right"><strong>{{.Total}}</strong></td></tr>
</table>
<p>Status: {{.Status}}</p>
<p><a href="{{.Link}}">See your order</a></p>
</body></html>
`

var (
	orderTextTmpl = texttemplate.Must(texttemplate.New("order").
			Funcs(texttemplate.FuncMap{"isolate": isolate}).Parse(orderText))
	orderHTMLTmpl = htmltemplate.Must(htmltemplate.New("order").Parse(orderHTML))
)

// isolate wraps s in U+2068 FIRST STRONG ISOLATE and U+2069 POP DIRECTIONAL ISOLATE: s keeps
// its own direction without turning the text around it.
func isolate(s string) string { return "\u2068" + s + "\u2069" }

// formatMoney writes an amount as the shop shows prices: ₹1,299.50 for rupees.
func formatMoney(p Paise, currency string) string {
	sign := ""
	if p < 0 {
		sign, p = "-", -p
	}
	whole := fmt.Sprint(int64(p) / 100)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	symbol := strings.ToUpper(currency) + " "
	if currency == "" || currency == DefaultCurrency {
		symbol = "₹"
	}
	return fmt.Sprintf("%s%s%s.%02d", sign, symbol, whole, int64(p)%100)
}

// orderMail renders the mail about order o to its buyer u.
func (s *Orders) orderMail(o *Order, u *User, subject, headline string) (Mail, error) {
	n := notice{Shop: ShopName, Name: u.Name, Headline: headline, Number: o.Number,
		Date: o.CreatedAt.In(s.timeZone).Format("2 Jan 2006, 15:04 MST"), Total: formatMoney(o.Total, s.currency),
		Status: o.Status, Link: s.publicURL + "/dashboard/user/orders/" + o.ID}
	for _, it := range o.Products {
		name := it.Name
		if it.Variant != nil && len(it.Variant.Options) > 0 {
			name += " (" + it.Variant.Text() + ")"
		}
		n.Items = append(n.Items, noticeItem{Name: name, Price: formatMoney(it.Price, s.currency)})
	}
	var text, html bytes.Buffer
	if err := orderTextTmpl.Execute(&text, n); err != nil {
		return Mail{}, err
	}
	if err := orderHTMLTmpl.Execute(&html, n); err != nil {
		return Mail{}, err
	}
	return Mail{To: u.Email, Subject: ShopName + ": " + subject, Text: text.String(), HTML: html.String()}, nil
}

// notify mails the buyer of o in the background: a mail never slows or fails the change it
// tells of. What cannot be sent is logged, with the request id of ctx (the change's request),
// so one id finds a checkout and its mail. buyer, when known, saves looking the buyer up.
func (s *Orders) notify(ctx context.Context, o *Order, buyer *User, subject, headline string) {
	if s.mailer == nil {
		return
	}
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
		defer cancel()
		u := buyer
		if u == nil {
			var err error
			if u, err = s.users.FindUserByID(ctx, o.Buyer.ID); err != nil {
				s.log.WarnContext(ctx, "order mail not sent: no buyer to send it to", "order", o.ID, "err", err)
				return
			}
		}
		m, err := s.orderMail(o, u, subject, headline)
		if err == nil {
			err = s.mailer.Send(ctx, m)
		}
		if err != nil {
			s.log.ErrorContext(ctx, "order mail not sent", "order", o.ID, "to", u.Email, "err", err)
		}
	}()
}

// notifyPlaced confirms a paid order to its buyer, who checkout just signed in (nil: look up).
func (s *Orders) notifyPlaced(ctx context.Context, o *Order, buyer *User) {
	s.notify(ctx, o, buyer, "order "+o.Number+" confirmed", "Thank you for your order. We have received your payment.")
}

// statusNews is what the mail of each status says: its subject after the order number, and
// its first sentence.
var statusNews = map[string][2]string{
	StatusNotProcess: {"is waiting to be processed", "Your order is waiting to be processed."},
	StatusProcessing: {"is being prepared", "We are preparing your order."},
	StatusShipped:    {"has shipped", "Your order is on its way."},
	StatusDelivered:  {"was delivered", "Your order was delivered. We hope you enjoy it."},
	StatusCancelled:  {"is cancelled", "Your order is cancelled."},
}

// notifyStatus tells the buyer of o's new status; refunding says this change refunds it. An
// order refunded before keeps saying so, whatever its status now: it is not charged again.
func (s *Orders) notifyStatus(ctx context.Context, o *Order, refunding bool) {
	news, ok := statusNews[o.Status]
	if !ok {
		news = [2]string{"is " + strings.ToLower(o.Status), "The status of your order is now " + o.Status + "."}
	}
	headline := news[1]
	switch {
	case refunding:
		headline += " Your payment is being refunded to your card."
	case o.RefundedAt != nil:
		headline += " Your payment for it was refunded, and it is not charged again."
	}
	s.notify(ctx, o, nil, "order "+o.Number+" "+news[0], headline)
}
