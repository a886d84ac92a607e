/**
 * Operator alerts (spec §7 "POST /send-slack-message with text"; §5 sends one when an email blocked before
 * is let through). A port: the log by default, a Slack incoming webhook when configured. Callers put no
 * phone number or email address in the text: alerts leave the system.
 */
export interface AlertSender {
  /** Never throws and never rejects: §8 "most failures are swallowed". */
  send(text: string): Promise<void>;
}
