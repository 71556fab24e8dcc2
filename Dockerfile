FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md ./
COPY games games
COPY ai ai
COPY events events
COPY projections projections
COPY service service
COPY cli cli
RUN pip install --no-cache-dir .
USER nobody
