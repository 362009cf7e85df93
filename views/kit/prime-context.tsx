import PrimeReact, { PrimeReactContext } from 'primereact/api';
import type { ComponentType, ReactNode } from 'react';

/**
 * PrimeReact's configuration context. Its overlays (dropdown, calendar, autocomplete) read it when the
 * document scrolls while they are open and fail without it. The value is PrimeReact's own global
 * configuration, one object for the life of the page: PrimeReactProvider would hand out a new one on
 * every render of the shell, and every PrimeReact component of every kept tab would render again on
 * each page switch. It lives in the lazily loaded views, so the login page does not carry it.
 */
export function PrimeContext({ children }: { children: ReactNode }) {
  return <PrimeReactContext.Provider value={PrimeReact}>{children}</PrimeReactContext.Provider>;
}

/** A page rendered outside the shell (the public registration pages), in PrimeReact's context. */
export function inPrimeContext<P extends object>(View: ComponentType<P>): ComponentType<P> {
  const Framed = (props: P) => (
    <PrimeContext>
      <View {...props} />
    </PrimeContext>
  );
  return Framed;
}
