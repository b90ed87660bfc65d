// Every approval page in one chunk (as the matter domain's screens are): one more lazy entry for
// the bundler, so the chunks the shell shares with these pages are split once, not once per page.
// The parts only some pages show (a designed form, the flow chart) load apart, when first shown.
export { HandleDetailPage, HandlePage } from './handle/handle-page.tsx';
export { LaunchDetailPage } from './launch/launch-detail-page.tsx';
export { LaunchPage } from './launch/launch-page.tsx';
export { DoneMattersPage, FinishMattersPage, TodoMattersPage } from './list/matter-list-page.tsx';
