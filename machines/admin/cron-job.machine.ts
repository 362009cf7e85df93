import { assign, emit, setup } from 'xstate';
import { JOB_STATUS } from '../../domain/scheduled-jobs';
import { cronJobActors, type LoadedJob, type SaveInput } from './cron-job.actors';
import {
  type CronJobContext,
  type CronJobEmitted,
  type CronJobEvent,
  changesOf,
  formOf,
  formProblem,
  isRunPending,
  POLL_LIMIT,
  refusalOf,
} from './cron-job.rules';

const seenOf = (context: CronJobContext) => ({
  ObjectID: context.objectId,
  Version: context.job?.Version ?? 0,
});

/**
 * The scheduled-job page (docs/scheduled-jobs.md): the job, its run history, and run now, enable or
 * disable, and a new schedule. A run asked for is watched until it has finished, so its row appears
 * in the history without a reload.
 */
export const cronJobMachine = setup({
  types: {
    context: {} as CronJobContext,
    events: {} as CronJobEvent,
    input: {} as { objectId: string },
    emitted: {} as CronJobEmitted,
  },
  actors: cronJobActors,
  guards: {
    isRunPending: ({ context }) => isRunPending(context.job),
    // Guards run before the actions that store an answer: the loaded job is read from the answer.
    isLoadedRunPending: ({ event }) => isRunPending((event as { output?: LoadedJob }).output?.job),
    isWatchedRunPending: ({ context, event }) =>
      isRunPending((event as { output?: LoadedJob }).output?.job) && context.polls + 1 < POLL_LIMIT,
    mayRunNow: ({ context }) => context.job !== undefined && !context.job.RunRequested,
    isEnabled: ({ context }) => context.job?.Status === JOB_STATUS.enabled,
    isPaused: ({ context }) => context.job?.Status === JOB_STATUS.paused,
    hasFormProblem: ({ context }) => formProblem(context.form) !== undefined,
    isUnchanged: ({ context }) => Object.keys(changesOf(context)).length === 0,
  },
  actions: {
    startWatching: assign({ polls: 0 }),
    turnPage: assign({
      runsPage: ({ context, event }) =>
        event.type === 'runs.page' ? Math.max(1, event.page) : context.runsPage,
    }),
    countPoll: assign({ polls: ({ context }) => context.polls + 1 }),
    openForm: assign({ form: ({ context }) => formOf(context.job), error: undefined, errorField: undefined }),
    applyChange: assign({
      form: ({ context, event }) =>
        event.type === 'form.change' ? { ...context.form, [event.field]: event.value } : context.form,
      error: ({ context, event }) =>
        event.type === 'form.change' && event.field === context.errorField ? undefined : context.error,
      errorField: ({ context, event }) =>
        event.type === 'form.change' && event.field === context.errorField ? undefined : context.errorField,
    }),
    showFormProblem: assign(({ context }) => formProblem(context.form) ?? {}),
    showRefusal: assign(({ event }) => ({
      errorField: undefined,
      ...refusalOf((event as { error?: unknown }).error),
    })),
    closeForm: assign({ error: undefined, errorField: undefined }),
    notify: emit((_, params: Omit<CronJobEmitted, 'type'>) => ({ type: 'notify' as const, ...params })),
    notifyAnswer: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'success' as const,
      message: (event as { output?: { message?: string } }).output?.message ?? '',
    })),
    notifyRefusal: emit(({ event }) => ({
      type: 'notify' as const,
      severity: 'error' as const,
      message: refusalOf((event as { error?: unknown }).error).error,
    })),
    showOutput: assign(({ event }) => {
      const loaded = (event as { output?: Partial<LoadedJob> & Pick<CronJobContext, 'dictionaries'> }).output;
      return {
        ...(loaded?.job ? { job: loaded.job } : {}),
        ...(loaded?.rows ? { runs: loaded.rows, runsTotal: loaded.total ?? 0 } : {}),
        ...(loaded?.dictionaries ? { dictionaries: loaded.dictionaries } : {}),
      };
    }),
  },
}).createMachine({
  id: 'cronJob',
  context: ({ input }) => ({
    objectId: input.objectId,
    runs: [],
    runsTotal: 0,
    runsPage: 1,
    dictionaries: {},
    form: formOf(),
    polls: 0,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: 'busy',
      invoke: {
        id: 'loadJob',
        src: 'loadJob',
        input: ({ context }) => ({ objectId: context.objectId, page: context.runsPage }),
        onDone: [
          {
            guard: 'isLoadedRunPending',
            target: 'ready.watching',
            description: 'A job whose run is queued or running is watched until the run has finished.',
            actions: ['showOutput', 'startWatching'],
          },
          { target: 'ready', actions: 'showOutput' },
        ],
        onError: { target: 'failed', actions: 'showRefusal' },
      },
    },
    failed: {
      on: { 'job.reload': { target: 'loading', actions: 'closeForm' } },
    },
    ready: {
      initial: 'idle',
      on: {
        'job.runNow': {
          guard: 'mayRunNow',
          target: 'queueing',
          description: 'A run already queued is not asked for again: one request, one run.',
        },
        'job.disable': { guard: 'isEnabled', target: 'switching' },
        'job.enable': {
          guard: 'isPaused',
          target: 'switching',
          description: 'Enabling schedules the next run from now, by the job’s expression.',
        },
        'schedule.edit': { target: 'editing', actions: 'openForm' },
        'runs.page': { target: 'loadingRuns', actions: 'turnPage' },
        'job.reload': 'loading',
      },
      states: {
        idle: {},
        watching: {
          tags: 'watching',
          invoke: {
            id: 'pollRun',
            src: 'pollRun',
            input: ({ context }) => ({ objectId: context.objectId, page: context.runsPage }),
            onDone: [
              {
                guard: 'isWatchedRunPending',
                target: 'watching',
                reenter: true,
                actions: ['showOutput', 'countPoll'],
              },
              {
                target: 'idle',
                description: 'The run has finished (or the page stops looking after a minute).',
                actions: 'showOutput',
              },
            ],
            onError: 'idle',
          },
        },
      },
    },
    queueing: {
      tags: 'busy',
      invoke: {
        id: 'runNow',
        src: 'runNow',
        input: ({ context }) => ({ objectId: context.objectId }),
        onDone: { target: 'ready.watching', actions: ['showOutput', 'startWatching', 'notifyAnswer'] },
        onError: { target: 'ready', actions: 'notifyRefusal' },
      },
    },
    switching: {
      tags: 'busy',
      invoke: {
        id: 'switchJob',
        src: 'saveJob',
        input: ({ context }): SaveInput => ({
          ...seenOf(context),
          Status: context.job?.Status === JOB_STATUS.enabled ? JOB_STATUS.paused : JOB_STATUS.enabled,
        }),
        onDone: { target: 'ready', actions: ['showOutput', 'notifyAnswer'] },
        onError: {
          target: 'ready',
          description: 'A stale version (someone else changed the job) is said as the server words it.',
          actions: 'notifyRefusal',
        },
      },
    },
    editing: {
      tags: 'form',
      on: {
        'form.change': { actions: 'applyChange' },
        'form.submit': [
          {
            guard: 'hasFormProblem',
            description: 'The expression, timeout and params are checked before anything is sent.',
            actions: 'showFormProblem',
          },
          {
            guard: 'isUnchanged',
            actions: { type: 'notify', params: { severity: 'warn', message: 'cronJobs.schedule.unchanged' } },
          },
          { target: 'saving' },
        ],
        'form.cancel': { target: 'ready', actions: 'closeForm' },
      },
    },
    saving: {
      tags: ['busy', 'form'],
      invoke: {
        id: 'saveSchedule',
        src: 'saveJob',
        input: ({ context }): SaveInput => ({ ...seenOf(context), ...changesOf(context) }),
        onDone: {
          target: 'ready',
          description: 'Only the changed fields and the version go out.',
          actions: ['showOutput', 'closeForm', 'notifyAnswer'],
        },
        onError: {
          target: 'editing',
          description: 'The server’s refusal is shown under the field it names; what was typed stays.',
          actions: 'showRefusal',
        },
      },
    },
    loadingRuns: {
      tags: 'busy',
      invoke: {
        id: 'loadRuns',
        src: 'loadRuns',
        input: ({ context }) => ({ objectId: context.objectId, page: context.runsPage }),
        onDone: [
          { guard: 'isRunPending', target: 'ready.watching', actions: ['showOutput', 'startWatching'] },
          { target: 'ready', actions: 'showOutput' },
        ],
        onError: { target: 'ready', actions: 'notifyRefusal' },
      },
    },
  },
});
