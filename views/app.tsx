import { ActivityListener } from './shell/activity-listener';
import { RouteOutlet } from './shell/route-outlet';
import { Toaster } from './shell/toaster';

export function App() {
  return (
    <>
      <Toaster />
      <ActivityListener />
      <RouteOutlet />
    </>
  );
}
