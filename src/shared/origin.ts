/** The origin of a URL (`https://desk.example.com`), or null for text that is not a URL. */
export function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
