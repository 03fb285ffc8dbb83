import { Route, Routes } from 'react-router-dom';
import { ComplaintQueueScreen } from './complaint-queue-screen.tsx';
import { ComplaintScreen } from './complaint-screen.tsx';

/** /admin/complaints: the queue, and one complaint at /admin/complaints/:id. */
export function ComplaintsArea() {
  return (
    <Routes>
      <Route index element={<ComplaintQueueScreen />} />
      <Route path=":id" element={<ComplaintScreen />} />
    </Routes>
  );
}
