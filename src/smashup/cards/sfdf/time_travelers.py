"""Time Travelers (Science Fiction Double Feature)."""
