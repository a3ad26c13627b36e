"""Practice as apps: the drills (:mod:`.drill_app`), a lesson's "Your turn" questions
(:mod:`.question_app`), the learner's progress lesson by lesson and the teacher's view of a
class (:mod:`.progress_views`)."""
