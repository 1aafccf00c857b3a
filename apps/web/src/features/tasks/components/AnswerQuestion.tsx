import { useState, type FormEvent } from 'react';
import {
  clinicianQuestionOf,
  INFORMATION_ANSWER_MAX_LENGTH,
  informationAnswerProblem,
  QUESTION_PHOTO_CATEGORY,
  type Task,
} from '@elmwood/domain';
import { Button } from '../../../ui/Button';
import { ErrorMessage } from '../../../ui/ErrorMessage';
import { TextAreaField } from '../../../ui/TextField';
import { uploadPhoto, useAnswerQuestion } from '../api';
import { PhotoCapture, type CroppedPhoto } from './PhotoCapture';

const PHOTO_TITLE = 'Photo for our prescriber';

/**
 * A prescriber's question and the patient's answer: words, and the photo when one was asked for. The photo is sent
 * first (it is kept until the answer names it); the answer completes the task and puts the order back in review.
 */
export function AnswerQuestion({ task, onAnswered }: { task: Task; onAnswered: (task: Task) => void }) {
  const question = clinicianQuestionOf(task.details.configuration);
  const answer = useAnswerQuestion(task.id);
  const [text, setText] = useState('');
  const [photoId, setPhotoId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const photoRequested = question?.photoRequested ?? false;

  const upload = async (photo: CroppedPhoto, onProgress: (percentage: number) => void) => {
    const reply = await uploadPhoto({ category: QUESTION_PHOTO_CATEGORY, name: PHOTO_TITLE, dataUrl: photo.dataUrl, fileName: photo.fileName, taskId: null, onProgress });
    setPhotoId(reply.uploads[0]?.id ?? null);
    setProblem(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...(text.trim() ? { text } : {}), ...(photoId ? { photoId } : {}) };
    const found = informationAnswerProblem(body, photoRequested);
    setProblem(found);
    if (!found) answer.mutate(body, { onSuccess: onAnswered });
  };

  return (
    <>
      <section className="task-panel" aria-label="Our prescriber's question">
        <p className="task-question__asked">{question?.askedBy ? `${question.askedBy} asks:` : 'Our prescriber asks:'}</p>
        <blockquote className="task-question__text">{question?.question ?? task.taskDefinition.description}</blockquote>
      </section>
      {photoRequested ? (
        <section className="task-panel" aria-label="The photo asked for">
          <h2>Your photo</h2>
          {photoId ? (
            <div className="task-question__photo">
              <img src={`/shop-api/uploads/${encodeURIComponent(photoId)}`} alt="The photo you are sending" width={167} height={187} />
              <p role="status">Your photo is ready to send with your answer.</p>
              <Button variant="secondary" onClick={() => setPhotoId(null)}>
                Choose another photo
              </Button>
            </div>
          ) : (
            <PhotoCapture subject="what our prescriber asked to see" upload={upload} />
          )}
        </section>
      ) : null}
      <form className="task-panel" onSubmit={submit} noValidate>
        <TextAreaField
          label={photoRequested ? 'Anything to add (optional with the photo)' : 'Your answer'}
          hint={photoRequested ? 'If you cannot take the photo, tell our prescriber why here.' : undefined}
          value={text}
          maxLength={INFORMATION_ANSWER_MAX_LENGTH}
          rows={5}
          onChange={(event) => setText(event.target.value)}
          error={problem}
        />
        <ErrorMessage>{answer.isError ? answer.error.message : null}</ErrorMessage>
        <div className="task-panel__actions">
          <Button type="submit" loading={answer.isPending}>
            Send your answer
          </Button>
        </div>
      </form>
    </>
  );
}
