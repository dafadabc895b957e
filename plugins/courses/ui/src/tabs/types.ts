import type { ShowOptions } from '@volante/plugin-ui';
import type { CourseDetail, CoursesApi } from '../api';

/** What every tab of a course's view gets. */
export interface TabProps {
  api: CoursesApi;
  course: CourseDetail;
  /** A deleted course takes no students, sessions or attendance: shown, nothing to change. */
  readOnly: boolean;
  /** Show the course a write answered (`redraw: false` keeps the tab's own state). */
  onSaved(course: CourseDetail, options?: ShowOptions): void;
}
