package ocr

// Internals the tests of package ocr_test look at.
var (
	EXIFOrientation  = exifOrientation
	Upright          = upright
	SkewAngle        = skewAngle
	Rotate           = rotate
	ParseOSD         = parseOSD
	ParsePictureList = parsePictureList
	LayOutTSVText    = func(tsv []byte) string { return layOutTSV(parseTSV(tsv)) }
	ScaleUpGrey      = scaleUpGrey
	Prepare          = prepare
)
