/**
 * The URL when it is an absolute http(s) URL without user info, else null: never javascript:,
 * data: etc.
 * `httpsOnly` for images, which the CSP (img-src https:) would block over plain http.
 */
export function httpUrlOrNull(
  value: string | null | undefined,
  { httpsOnly = false }: { httpsOnly?: boolean } = {},
): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    // A user-info part makes a link read as another site than the one it opens.
    if (url.username !== "" || url.password !== "") return null;
    if (url.protocol === "https:") return url.href;
    return url.protocol === "http:" && !httpsOnly ? url.href : null;
  } catch {
    return null;
  }
}
