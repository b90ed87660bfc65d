// The request layer lives outside React; the router registers how to navigate so a 401 can send
// the user to /login without a full page reload.
let navigate: (path: string) => void = (path) => window.location.assign(path);

export function setNavigator(fn: (path: string) => void): void {
  navigate = fn;
}

export function goTo(path: string): void {
  navigate(path);
}
