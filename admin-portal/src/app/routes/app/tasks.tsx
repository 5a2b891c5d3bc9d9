import { MyTasks } from '@/features/tasks/components/my-tasks';

const TasksRoute = () => <MyTasks />;

export default TasksRoute;
