package vocab

// ArchivedSiteFile is the page archive's path for the site file's values
// (GET /api/admin/archive lists it beside the public pages' paths): the store
// keeps it, the records service writes it and the download names its file by it.
const ArchivedSiteFile = "site file"
