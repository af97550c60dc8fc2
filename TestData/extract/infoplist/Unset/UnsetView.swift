struct UnsetView {}
