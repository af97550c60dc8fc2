struct BrokenView {}
