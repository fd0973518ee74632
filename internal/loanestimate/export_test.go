package loanestimate

// TextOfPDF is the text the matching reads, for the corpus's debugging output.
var TextOfPDF = textOfPDF
