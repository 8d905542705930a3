package shop

import "context"

// ShopName is how the shop signs the mail it sends.
const ShopName = "Clothing Shop"

// Mail is one message to a person, as plain text and as simple HTML.
type Mail struct {
	To      string
	Subject string
	Text    string
	HTML    string
}

// Mailer sends mail. The shop's services hand their mail to one that sends it in the
// background (retrying, logging what fails), so a mail server that is down or slow never
// fails or slows the request that caused the mail.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}
