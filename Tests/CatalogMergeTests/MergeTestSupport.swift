import CatalogMerge
import StringCatalog

/// ``CatalogMerge/merge(base:ours:theirs:favor:)`` on copies.
func merge(base: Catalog, ours: Catalog, theirs: Catalog, favor: CatalogMerge.Favor? = nil)
  -> CatalogMerge.Result
{
  var (base, ours, theirs) = (base, ours, theirs)
  return CatalogMerge.merge(base: &base, ours: &ours, theirs: &theirs, favor: favor)
}
