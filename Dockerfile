FROM python:3.11-slim
WORKDIR /app
COPY pyproject.toml README.md constraints.txt ./
COPY games games
COPY ai ai
COPY events events
COPY projections projections
COPY service service
COPY cli cli
RUN pip install --no-cache-dir -c constraints.txt .
USER nobody
