package ocr

// Internals the tests of package ocr_test look at.
var (
	EXIFOrientation  = exifOrientation
	Upright          = upright
	SkewAngle        = skewAngle
	Rotate           = rotate
	ParseOSD         = parseOSD
	ParsePictureList = parsePictureList
	ScaleUpGrey      = scaleUpGrey
	Prepare          = prepare
)
