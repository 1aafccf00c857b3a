/**
 * Ends the current task and resumes in a new one, so the browser can paint and answer input in between: one long
 * piece of start-up work on a slow phone becomes several short ones. Not a timer, which a background tab delays by
 * a second or more.
 */
export function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
