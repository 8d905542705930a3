// The one typeface of the whole site: the device's own interface font (nothing to download),
// used by the storefront's styles and the dashboards' antd theme alike.
export const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
