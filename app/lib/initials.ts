/**
 * The avatar's initials: the first letters of the name's words (at most two),
 * otherwise the first two letters of the e-mail, otherwise "U".
 */
export function initialsFor(name: string | null | undefined, email: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((word) => Array.from(word)[0] ?? "")
      .join("")
      .toUpperCase();
  }
  const mail = (email ?? "").trim();
  if (mail.length > 0) return Array.from(mail).slice(0, 2).join("").toUpperCase();
  return "U";
}
