package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"os"

	"shop"
	"shop/photosize"
)

// maxFieldBytes bounds one text field of the product form.
const maxFieldBytes = 32 << 10

// maxFormParts bounds the parts of one product form: the form has ten, and each part costs a
// header parse however small it is (50,000 empty parts fit in the 6 MiB body).
const maxFormParts = 100

// productForm is an admin's product form as read from a request: its fields parsed and
// validated, and its photo (when it has one) sniffed and spooled to a temporary file, so the
// store is called once with everything checked and never holds a request open.
type productForm struct {
	in    shop.ProductInput
	photo *shop.PhotoUpload
	spool *os.File
}

// readProductForm reads the multipart form of r. Close the form when done with it.
func readProductForm(r *http.Request) (*productForm, error) {
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, shop.Errorf(shop.EINVALID, "The product must be sent as a multipart form.")
	}
	f := &productForm{}
	fields := map[string]string{}
	for parts := 0; ; parts++ {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err == nil && parts == maxFormParts {
			err = shop.Errorf(shop.EINVALID, "The product form has too many parts: send at most %d.", maxFormParts)
		}
		if err == nil {
			err = f.readPart(part, fields)
		}
		if err != nil {
			f.Close()
			return nil, readError(err)
		}
	}
	if f.in, err = parseProductFields(fields); err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// readPart keeps a text field in fields or spools the photo; other parts are skipped.
func (f *productForm) readPart(part *multipart.Part, fields map[string]string) error {
	name := part.FormName()
	switch {
	case name == "photo":
		return f.spoolPhoto(bodyReader{part})
	case isProductField(name):
		b, err := io.ReadAll(io.LimitReader(bodyReader{part}, maxFieldBytes+1))
		if err != nil {
			return err
		}
		if len(b) > maxFieldBytes {
			return shop.Errorf(shop.EINVALID, "Field %s is too long.", name)
		}
		fields[name] = string(b)
	}
	return nil
}

// spoolPhoto copies the photo to a temporary file, at most shop.MaxPhotoBytes of it, learns its
// type from its first bytes and checks that it reads whole as an image of that type. An empty
// photo field means no new photo.
func (f *productForm) spoolPhoto(r io.Reader) error {
	if f.spool != nil {
		return shop.Errorf(shop.EINVALID, "Send at most one photo.")
	}
	file, err := os.CreateTemp("", "shop-photo-*")
	if err != nil {
		return err
	}
	f.spool = file
	n, err := io.Copy(file, io.LimitReader(r, shop.MaxPhotoBytes+1))
	if err != nil {
		return err
	}
	if n > shop.MaxPhotoBytes {
		return errPhotoTooLarge
	}
	if n == 0 {
		return nil
	}
	src := make([]byte, n)
	if _, err := file.ReadAt(src, 0); err != nil {
		return err
	}
	ct, err := sniffPhoto(src[:min(n, 512)])
	if err != nil {
		return err
	}
	if err := checkPhoto(src); err != nil {
		return err
	}
	if _, err := file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	f.photo = &shop.PhotoUpload{ContentType: ct, Size: n, Body: file}
	return nil
}

// photoTypes are the image types a photo may have, as http.DetectContentType names them.
var photoTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true, "image/gif": true}

// sniffPhoto learns a photo's type from its first bytes (up to 512). EUNSUPPORTED unless it
// is a JPEG, PNG, WebP or GIF.
func sniffPhoto(head []byte) (string, error) {
	ct := http.DetectContentType(head)
	if !photoTypes[ct] {
		return "", shop.Errorf(shop.EUNSUPPORTED, "Photo must be a JPEG, PNG, WebP or GIF image.")
	}
	return ct, nil
}

// errPhotoUnreadable answers a photo whose first bytes name an image type but whose pixels do
// not decode: a damaged file, or one cut short, that shoppers would see as a broken image.
var errPhotoUnreadable = shop.Errorf(shop.EUNSUPPORTED,
	"Photo could not be read as an image: the file may be damaged or incomplete. Please save it again and upload it.")

// checkPhoto reads the photo's pixels, as its smaller copies will be made from them. One that
// declares more pixels than are decoded (a few kilobytes can declare gigabytes of pixels) is
// too large.
func checkPhoto(src []byte) error {
	err := photosize.Check(src)
	var pixels *photosize.PixelsError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pixels):
		return shop.Errorf(shop.ETOOLARGE, "Photo must be at most %d megapixels; this one is %d × %d pixels.",
			pixels.Max/1_000_000, pixels.Width, pixels.Height)
	}
	return errPhotoUnreadable
}

// Close removes the spooled photo.
func (f *productForm) Close() {
	if f.spool != nil {
		_ = f.spool.Close()
		_ = os.Remove(f.spool.Name())
	}
}

// bodyReader turns the request body's size limit into ETOOLARGE and any other failure to read
// a part (a bad transfer encoding, a cut-off body) into EINVALID.
type bodyReader struct{ r io.Reader }

func (b bodyReader) Read(p []byte) (int, error) {
	n, err := b.r.Read(p)
	if err == nil || errors.Is(err, io.EOF) {
		return n, err
	}
	return n, readError(err)
}

// errPhotoTooLarge answers a photo, or a product form, past its bound: what makes a form
// large is its photo, and an admin knows the photo's size, not the form's.
var errPhotoTooLarge = shop.Errorf(shop.ETOOLARGE, "Photo must be at most %d MiB.", shop.MaxPhotoBytes>>20)

// readError turns whatever goes wrong reading the form (a malformed part header, a bad
// transfer encoding, a cut-off body) into the sender's error: EINVALID, or ETOOLARGE past the
// body's limit. Shop errors and failures of the temporary file pass through.
func readError(err error) error {
	var se *shop.Error
	var tooLarge *http.MaxBytesError
	var pathErr *os.PathError
	switch {
	case errors.As(err, &se), errors.As(err, &pathErr):
		return err
	case errors.As(err, &tooLarge):
		return errPhotoTooLarge
	}
	return shop.Errorf(shop.EINVALID, "The product form is not a valid multipart form.")
}
