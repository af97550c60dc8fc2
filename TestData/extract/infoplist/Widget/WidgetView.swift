struct WidgetView {}
