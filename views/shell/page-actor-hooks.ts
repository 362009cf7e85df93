import * as xstateReact from '@xstate/react';
import { useContext, useEffect } from 'react';
import type { AnyActor, InspectionEvent } from 'xstate';
import { inspectionBus } from '../../machines/viewer/inspection';
import { pageActors } from '../../machines/viewer/page-actors';
import { PageTabContext } from './page-tab';

/**
 * The views' `@xstate/react`: the build points every other import of '@xstate/react' here
 * (vite.config.ts, `pageActorHooks`), so each actor a page of an open tab starts is listed in the
 * workflow viewer's live tab (machines/viewer/page-actors.ts) and reports its steps to the same
 * inspection bus as the app-wide actors. The hooks behave as the library's; outside a tab (the
 * login page, the shell) they only add the inspection.
 */
export * from '@xstate/react';

type Inspect = (event: InspectionEvent) => void;

const withBus = <T extends { inspect?: unknown } | undefined>(options: T) => {
  const own = options?.inspect as Inspect | undefined;
  const inspect: Inspect = own
    ? (event) => {
        own(event);
        inspectionBus.inspect(event);
      }
    : inspectionBus.inspect;
  return { ...options, inspect };
};

function useListed(actor: AnyActor) {
  const tab = useContext(PageTabContext);
  useEffect(() => (tab ? pageActors.add(actor, tab.fullPath, tab.pageId) : undefined), [actor, tab]);
}

export const useActorRef = ((logic: never, options?: never, observer?: never) => {
  const actor = xstateReact.useActorRef(logic, withBus(options) as never, observer);
  useListed(actor);
  return actor;
}) as unknown as typeof xstateReact.useActorRef;

export const useActor = ((logic: never, options?: never) => {
  const answer = xstateReact.useActor(logic, withBus(options) as never);
  useListed(answer[2]);
  return answer;
}) as unknown as typeof xstateReact.useActor;

export const useMachine = ((logic: never, options?: never) => {
  const answer = xstateReact.useMachine(logic, withBus(options) as never);
  useListed(answer[2]);
  return answer;
}) as unknown as typeof xstateReact.useMachine;
