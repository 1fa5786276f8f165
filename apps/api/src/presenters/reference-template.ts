import type { ReferenceTemplate } from '@svc/db/entities';
/** A reference template with its questions in order (questions are stored as the API renders them). */
export function presentReferenceTemplate(template: ReferenceTemplate) {
  return {
    id: template.id,
    name: template.name,
    version: template.version,
    description: template.description,
    type: template.type,
    questions: [...template.questions]
      .sort((left, right) => left.index - right.index)
      .map((question) => ({
        id: question.id,
        index: question.index,
        question: question.question,
        type: question.type,
        multiple_choice_options: question.multiple_choice_options,
        multiple_choice_correct_option: question.multiple_choice_correct_option,
        is_verifiable: question.is_verifiable,
        is_required: question.is_required,
      })),
  };
}
