import type { FieldProblem } from '../../machines/kit/form-rules';
import type { Translate } from '../app-context';

/** The words of a field's problem in the reader's language; other fields are named by their labels. */
export function problemText(problem: FieldProblem, t: Translate, labelOf: (field: string) => string) {
  if (problem.kind === 'server') return problem.message;
  if (problem.code === 'required') return t('app.form.required');
  return t(`app.form.problems.${problem.code}`, {
    other: problem.other ? labelOf(problem.other) : '',
    limit: problem.limit ?? '',
  });
}

/** Under the field: SPEC §5's '<label> is required' for an empty one, the problem itself otherwise. */
export function fieldProblemText(
  field: string,
  problem: FieldProblem,
  t: Translate,
  labelOf: (field: string) => string,
) {
  const text = problemText(problem, t, labelOf);
  return problem.kind === 'check' && problem.code === 'required' ? `${labelOf(field)}${text}` : text;
}

/** The toast of a refused submit, once: SPEC §5 '<label>: <message>' for the form's own checks. */
export function problemToast(
  field: string,
  problem: FieldProblem,
  t: Translate,
  labelOf: (field: string) => string,
) {
  return problem.kind === 'server'
    ? { text: problem.message, severity: 'error' as const }
    : {
        text: t('app.form.firstProblem', {
          field: labelOf(field),
          problem: problemText(problem, t, labelOf),
        }),
        severity: 'warn' as const,
      };
}
