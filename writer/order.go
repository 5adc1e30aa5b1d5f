package writer
