import { data } from "react-router";

/** C0 control characters other than tab, line feed and carriage return; PostgreSQL cannot store NUL at all. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const FORM_UNREADABLE = "The form could not be read. Please reload the page and try again.";
export const FORM_HAS_FILES = "This form does not take files.";
export const FORM_HAS_CONTROL_CHARACTERS = "The form contains control characters, which cannot be saved. Remove them and try again.";

/** True when a text holds control characters no form field should (see CONTROL_CHARACTERS). */
export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * Reads an action's form. A body that is not a readable form, a file where
 * the form takes none, or control characters in a field are refused with a
 * 400 and a message (shown by the error boundary) before the action looks at
 * any value: nothing is changed. A body-less POST reads as an empty form.
 */
export async function readForm(request: Request, options: { files?: boolean } = {}): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    if (!request.headers.get("content-type") && (request.headers.get("content-length") ?? "0") === "0") return new FormData();
    throw badRequest(FORM_UNREADABLE);
  }
  for (const [name, value] of form) {
    if (typeof value !== "string") {
      if (!options.files) throw badRequest(FORM_HAS_FILES);
      continue;
    }
    if (hasControlCharacters(name) || hasControlCharacters(value)) throw badRequest(FORM_HAS_CONTROL_CHARACTERS);
  }
  return form;
}

function badRequest(message: string) {
  return data(message, { status: 400, statusText: "Bad Request" });
}
