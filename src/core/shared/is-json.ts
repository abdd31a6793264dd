/** Whether a text parses as JSON (a GraphQL document never does; a body a stricter parser refused may). */
export function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
