// Table files → reproducible release zips through libarchive (`lhc pack`).
