import type { FieldErrors } from '../../components/field-errors.ts';
import { TextField } from '../../components/text-field.tsx';
import type { CompetitionForm } from './competition-form.ts';

type QuestionPart = Pick<CompetitionForm, 'has_question' | 'question_text' | 'question_options' | 'question_correct'>;

/** The skill question every entrant answers (its right answer never reaches a customer). */
export function QuestionEditor({ value, onChange, errors, locked }: { value: QuestionPart; onChange: (patch: Partial<QuestionPart>) => void; errors: FieldErrors; locked: string | null }) {
  const options = value.question_options;
  return (
    <fieldset className="bo-fieldset" disabled={locked !== null}>
      <legend>Skill question</legend>
      {locked && <p className="bo-notice">{locked}</p>}
      <label className="bo-check">
        <input type="checkbox" checked={value.has_question} onChange={(e) => onChange({ has_question: e.target.checked })} /> Entrants answer a question
      </label>
      {value.has_question && (
        <>
          <TextField name="question.text" label="Question" value={value.question_text} onChange={(v) => onChange({ question_text: v })} error={errors['question.text']} />
          {errors['question.options'] && <p className="bo-field__error">{errors['question.options']}</p>}
          {options.map((option, i) => (
            <div className="bo-row-fields" key={i}>
              <TextField name={`question.options.${i}`} label={`Answer ${i + 1}`} value={option} onChange={(v) => onChange({ question_options: options.map((o, j) => (j === i ? v : o)) })} error={errors[`question.options.${i}`]} />
              <label className="bo-check">
                <input type="radio" name="question-correct" checked={value.question_correct === i} onChange={() => onChange({ question_correct: i })} /> Right answer
              </label>
              {options.length > 2 && (
                <button
                  type="button"
                  className="bo-small-button"
                  onClick={() => onChange({ question_options: options.filter((_, j) => j !== i), question_correct: value.question_correct > i ? value.question_correct - 1 : value.question_correct === i ? 0 : value.question_correct })}
                >
                  Remove answer {i + 1}
                </button>
              )}
            </div>
          ))}
          {errors['question.correct'] && <p className="bo-field__error">{errors['question.correct']}</p>}
          {options.length < 6 && (
            <button type="button" className="bo-small-button" onClick={() => onChange({ question_options: [...options, ''] })}>
              Add an answer
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
