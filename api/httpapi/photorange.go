package httpapi

import (
	"strconv"
	"strings"

	"shop"
)

// checkRange decides a photo's Range header before http.ServeContent sees it. A header this
// server cannot read is ignored (RFC 9110 lets a server send the whole file), and a header
// whose every part lies past the end is refused through the one error path, in the JSON every
// failure has, rather than as ServeContent's plain text. It answers the header to serve with.
func checkRange(header string, size int64) (string, error) {
	if header == "" {
		return "", nil
	}
	spec, ok := strings.CutPrefix(header, "bytes=")
	if !ok {
		return "", nil
	}
	satisfiable := false
	for part := range strings.SplitSeq(spec, ",") {
		start, end, ok := strings.Cut(strings.TrimSpace(part), "-")
		if !ok {
			return "", nil
		}
		if start == "" { // the last `end` bytes
			n, err := strconv.ParseInt(end, 10, 64)
			if err != nil || n < 0 {
				return "", nil
			}
			satisfiable = satisfiable || (n > 0 && size > 0)
			continue
		}
		from, err := strconv.ParseInt(start, 10, 64)
		if err != nil || from < 0 {
			return "", nil
		}
		if end != "" {
			to, err := strconv.ParseInt(end, 10, 64)
			if err != nil || to < from {
				return "", nil
			}
		}
		satisfiable = satisfiable || from < size
	}
	if !satisfiable {
		return "", shop.Errorf(shop.ERANGE, "The range asked for lies past the end of the photo (%d bytes).", size)
	}
	return header, nil
}
