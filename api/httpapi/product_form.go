package httpapi

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"

	"shop"
)

// maxFieldBytes bounds one text field of the product form.
const maxFieldBytes = 32 << 10

// productForm reads the admin's multipart product form as it streams in: text fields are
// collected (unknown ones ignored) and the photo part is sniffed and handed on at once, so it
// goes to the store without being held in memory or on disk.
func productForm(c *gin.Context) shop.ProductForm {
	return func(store func(*shop.PhotoUpload) error) (shop.ProductInput, error) {
		mr, err := c.Request.MultipartReader()
		if err != nil {
			return shop.ProductInput{}, shop.Errorf(shop.EINVALID, "The product must be sent as a multipart form.")
		}
		fields := map[string]string{}
		for {
			part, err := mr.NextPart()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return shop.ProductInput{}, readError(err)
			}
			name := part.FormName()
			switch {
			case name == "photo":
				up, err := shop.SniffPhoto(bodyReader{part})
				if shop.ErrorCode(err) == shop.EINVALID {
					continue // an empty photo field: no new photo
				}
				if err != nil {
					return shop.ProductInput{}, readError(err)
				}
				if err := store(up); err != nil {
					return shop.ProductInput{}, formError(err)
				}
			case isProductField(name):
				b, err := io.ReadAll(io.LimitReader(bodyReader{part}, maxFieldBytes+1))
				if err != nil {
					return shop.ProductInput{}, readError(err)
				}
				if len(b) > maxFieldBytes {
					return shop.ProductInput{}, shop.Errorf(shop.EINVALID, "Field %s is too long.", name)
				}
				fields[name] = string(b)
			}
		}
		return shop.ParseProductFields(fields)
	}
}

func isProductField(name string) bool {
	for _, f := range shop.ProductFieldNames {
		if f == name {
			return true
		}
	}
	return false
}

// bodyReader turns the request body's size limit into ETOOLARGE and any other failure to read
// a part (a bad transfer encoding, a cut-off body) into EINVALID, so that the error keeps its
// code even when the photo's store wraps it.
type bodyReader struct{ r io.Reader }

func (b bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == nil || errors.Is(err, io.EOF) {
		return n, err
	}
	return n, readError(err)
}

// readError is formError for reading the form itself: whatever goes wrong there (a malformed
// part header, a bad transfer encoding, a cut-off body) is the sender's, so it is EINVALID.
func readError(err error) error {
	err = formError(err)
	if shop.ErrorCode(err) == shop.EINTERNAL {
		return shop.Errorf(shop.EINVALID, "The product form is not a valid multipart form.")
	}
	return err
}

// formError keeps a shop error and turns anything else from reading the form into EINVALID.
func formError(err error) error {
	var se *shop.Error
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &se):
		return err
	case errors.As(err, &tooLarge):
		return shop.Errorf(shop.ETOOLARGE, "The request body is too large (at most %d MiB).", tooLarge.Limit>>20)
	case strings.Contains(err.Error(), "multipart"), errors.Is(err, io.ErrUnexpectedEOF):
		return shop.Errorf(shop.EINVALID, "The product form is not a valid multipart form.")
	}
	return err
}
