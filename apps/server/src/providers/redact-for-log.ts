/**
 * A vendor's free-text message made safe for a log line: vendors echo input in error messages (Twilio's
 * "Invalid parameter `To`: +1…"), so email-like words and digits are masked before anything is logged.
 */
export function redactForLog(text: string): string {
  return text
    .replace(/\S+@\S+/g, '[email]')
    .replace(/\d/g, '#')
    .slice(0, 200);
}
