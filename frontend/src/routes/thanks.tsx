import { Thanks } from '../pages/Thanks';

export default function ThanksRoute() {
  return <Thanks />;
}
