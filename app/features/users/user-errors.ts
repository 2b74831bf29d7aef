/** A rule about users was broken; the message is meant for the person who asked. */
export class UserRuleError extends Error {
  override name = "UserRuleError";
}
