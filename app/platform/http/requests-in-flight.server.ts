// How many HTTP requests the server is answering right now, counted by server/app.ts. The
// e-mail worker reads it to let visitors go first (docs/decisions/109).
let inFlight = 0;

export function requestStarted(): void {
  inFlight += 1;
}

export function requestEnded(): void {
  inFlight -= 1;
}

export function requestsInFlight(): number {
  return inFlight;
}
