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

const orderText = `Hello {{.Name}},

{{.Headline}}

Order {{.Number}} of {{.Date}}
{{range .Items}}  {{.Name}}  {{.Price}}
{{end}}Total: {{.Total}}
Status: {{.Status}}

See your order: {{.Link}}

{{.Shop}}
`

const orderHTML = `<!doctype html>
<html><body style="font-family: sans-serif; color: #222">
<h2>{{.Shop}}</h2>
<p>Hello {{.Name}},</p>
<p>{{.Headline}}</p>
<p><strong>Order {{.Number}}</strong> of {{.Date}}</p>
<table cellpadding="4">
{{range .Items}}<tr><td>{{.Name}}</td><td align="right">{{.Price}}</td></tr>
{{end}}<tr><td><strong>Total</strong></td><td align="right"><strong>{{.Total}}</strong></td></tr>
</table>
<p>Status: {{.Status}}</p>
<p><a href="{{.Link}}">See your order</a></p>
</body></html>
`

var (
	orderTextTmpl = texttemplate.Must(texttemplate.New("order").Parse(orderText))
	orderHTMLTmpl = htmltemplate.Must(htmltemplate.New("order").Parse(orderHTML))
)

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
		Date: o.CreatedAt.In(time.UTC).Format("2 Jan 2006"), Total: formatMoney(o.Total, s.currency),
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
// tells of. What cannot be sent is logged. buyer, when known, saves looking the buyer up.
func (s *Orders) notify(o *Order, buyer *User, subject, headline string) {
	if s.mailer == nil {
		return
	}
	s.mails.Add(1)
	go func() {
		defer s.mails.Done()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		u := buyer
		if u == nil {
			var err error
			if u, err = s.users.FindUserByID(ctx, o.Buyer.ID); err != nil {
				s.log.Warn("order mail not sent: no buyer to send it to", "order", o.ID, "err", err)
				return
			}
		}
		m, err := s.orderMail(o, u, subject, headline)
		if err == nil {
			err = s.mailer.Send(ctx, m)
		}
		if err != nil {
			s.log.Error("order mail not sent", "order", o.ID, "to", u.Email, "err", err)
		}
	}()
}

// notifyPlaced confirms a paid order to its buyer, who checkout just signed in (nil: look up).
func (s *Orders) notifyPlaced(o *Order, buyer *User) {
	s.notify(o, buyer, "order "+o.Number+" confirmed", "Thank you for your order. We have received your payment.")
}

func (s *Orders) notifyStatus(o *Order, refunded bool) {
	switch {
	case refunded:
		s.notify(o, nil, "order "+o.Number+" cancelled",
			"Your order is cancelled. Your payment is being refunded to your card.")
	default:
		s.notify(o, nil, "order "+o.Number+" is "+strings.ToLower(o.Status),
			"The status of your order is now "+o.Status+".")
	}
}
