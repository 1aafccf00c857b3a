import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { isPhotoLandingSlug, photoFrame, PHOTO_LANDINGS, PHOTOS_UPLOADED_EVENT, type PhotoLandingSlug, type Task } from '@elmwood/domain';
import { sendAnalyticsEvent } from '../../../lib/analytics';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import { BackLink } from '../../../ui/BackLink';
import { ButtonLink } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { markTaskCompleted, uploadPhoto, useOpenTask } from '../api';
import { PhotoCapture } from '../components/PhotoCapture';
import { TaskCompletedDialog } from '../components/TaskCompletedDialog';
import { useAfterTask } from '../hooks/useAfterTask';
import { HEALTH_ACTIONS_PATH } from '../taskPath';
import '../../../ui/page-styles/tasks.css';

interface Example {
  src: string;
  alt: string;
  width: number;
  height: number;
}

const SUBJECTS: Record<PhotoLandingSlug, { subject: string; intro: string; example?: Example; cropHint?: string }> = {
  'upload-photo-id': {
    subject: 'your photo ID',
    example: {
      src: '/images/tasks/example-photo-id.svg',
      alt: 'An illustrated driving licence lying flat, landscape, filling the frame with all four corners and the face clearly visible',
      width: 320,
      height: 202,
    },
    intro: 'Our clinicians need to confirm who you are before they can prescribe. A passport or UK driving licence works best: all four corners and your face clearly visible.',
  },
  'weight-loss': {
    subject: 'yourself',
    example: {
      src: '/images/tasks/example-full-length.svg',
      alt: 'An illustrated person standing straight against a plain wall, the whole body from the top of the head to the feet inside a tall portrait frame, facing the camera',
      width: 160,
      height: 240,
    },
    intro:
      'A full-length photo helps your clinician confirm your treatment is right for you. Stand against a plain background, in fitted clothing, facing the camera. Ask someone to take it, or use a timer, from far enough away that your whole body shows, from the top of your head to your feet.',
    cropHint: 'Your whole photo is in the frame. Check your whole body shows, head to feet. You can zoom in to trim the edges and drag to move the photo, but keep your head and feet inside.',
  },
  'upload-prescription': {
    subject: 'your prescription',
    intro: 'Photograph your current prescription so our pharmacists can check it. Make sure every word can be read.',
  },
};

/** /account/upload/:slug?taskId=… — the photo landing pages (SPEC §2), chosen by slug. */
export function Component() {
  const { slug } = useParams();
  const [search] = useSearchParams();
  const taskId = search.get('taskId');
  const landing = isPhotoLandingSlug(slug) ? slug : null;
  useDocumentTitle(landing ? PHOTO_LANDINGS[landing].title : 'Upload a photo');
  const { task, isSuccess: tasksLoaded } = useOpenTask(taskId);
  const client = useQueryClient();
  const after = useAfterTask();
  const [done, setDone] = useState<Task | null>(null);
  const [uploadedWithoutTask, setUploadedWithoutTask] = useState(false);

  if (!landing) return <BackToTasks title="We couldn't find that page" message="Your tasks list has everything we need from you." />;
  // A finished task's link (an old email, the back button) leads to the list rather than to a second upload.
  if (taskId && tasksLoaded && !task && !done) return <BackToTasks title="This task is already done" message="Everything still to do is in your tasks list." />;
  const { category, title } = PHOTO_LANDINGS[landing];
  const { subject, intro, example, cropHint } = SUBJECTS[landing];

  const upload = async (photo: { dataUrl: string; fileName: string }, onProgress: (percentage: number) => void) => {
    const reply = await uploadPhoto({ category, name: task?.taskDefinition.name ?? title, dataUrl: photo.dataUrl, fileName: photo.fileName, taskId, onProgress });
    sendAnalyticsEvent(PHOTOS_UPLOADED_EVENT, { category, landing, task_code: task?.taskDefinition.code ?? null, count: reply.uploads.length });
    const completed = reply.task ?? task;
    markTaskCompleted(client, completed);
    if (completed) setDone(completed);
    else setUploadedWithoutTask(true);
  };

  return (
    <div className="account-page container">
      <BackLink to={HEALTH_ACTIONS_PATH}>Back to my tasks</BackLink>
      <h1>{task?.taskDefinition.name ?? title}</h1>
      <section className="task-panel" aria-label={title}>
        {uploadedWithoutTask ? (
          <EmptyState title="We have your photo" message="Thank you. Our clinicians will look at it shortly.">
            <ButtonLink to="/account/home">Visit your account</ButtonLink>
          </EmptyState>
        ) : (
          <>
            <p>{intro}</p>
            <PhotoCapture subject={subject} upload={upload} frame={photoFrame(landing)} example={example} cropHint={cropHint} />
          </>
        )}
      </section>
      <TaskCompletedDialog task={done} nextLabel={after.nextLabel(done)} onClose={() => after.leave(done)} />
    </div>
  );
}

/** A page with nothing to upload: it says why and leads back to the tasks list. */
function BackToTasks({ title, message }: { title: string; message: string }) {
  return (
    <div className="account-page container">
      <EmptyState headingLevel={1} title={title} message={message}>
        <ButtonLink to={HEALTH_ACTIONS_PATH}>Go to my tasks</ButtonLink>
      </EmptyState>
    </div>
  );
}
